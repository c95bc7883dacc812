import de from './locales/de.json';
import en from './locales/en.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';
import type { Language } from '@linedesk/shared';

export const resources = {
  en: { translation: en },
  de: { translation: de },
  pl: { translation: pl },
  pt: { translation: pt },
} satisfies Record<Language, { translation: unknown }>;
