import type { Language } from '@linedesk/shared';
import { createContext } from 'react';
import type { TextParams } from './portal-texts';

export type PortalTexts = {
  language: Language;
  /** The shown language's text at a dotted key (`portal.signIn.title`), `{{name}}` filled from `params`. */
  t: (key: string, params?: TextParams) => string;
  /** The translated text for an API error's code (`errors.<CODE>`), else the server's English message. */
  errorText: (error: unknown) => string;
  /** An explicit choice: remembered, and everything shown again in it once its texts are in. */
  setLanguage: (language: Language) => void;
};

export const PortalTextContext = createContext<PortalTexts | null>(null);
