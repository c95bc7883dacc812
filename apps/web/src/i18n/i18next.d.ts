import 'i18next';
import type { Translation } from './resources';

declare module 'i18next' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translation };
  }
}
