import type { Language } from '@linedesk/shared';
import de from './locales/de.json';
import type enApiKeys from './locales/api-keys/en.json';
import en from './locales/en.json';
import type enCredits from './locales/credits/en.json';
import type enInsights from './locales/insights/en.json';
import type enLines from './locales/lines/en.json';
import type enMessages from './locales/messages/en.json';
import type enSupport from './locales/support/en.json';
import pl from './locales/pl.json';
import pt from './locales/pt.json';

/** Every key the app may ask for: the core file plus each area's file (their English versions). */
export type Translation = typeof en &
  typeof enApiKeys &
  typeof enInsights &
  typeof enLines &
  typeof enCredits &
  typeof enSupport &
  typeof enMessages;

type Tree = { [key: string]: string | Tree };

/**
 * Each feature area keeps its texts in `locales/<area>/<language>.json` (so areas never edit one
 * shared file); they are merged into the core file key by key, `errors` and `nav` included.
 */
const areaFiles = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' && typeof existing === 'object'
        ? merge({ ...existing }, value)
        : typeof value === 'object'
          ? merge({}, value)
          : value;
  }
  return target;
}

function build(language: Language, core: Tree): Translation {
  let tree = merge({}, core);
  for (const [file, texts] of Object.entries(areaFiles)) {
    if (file.endsWith(`/${language}.json`)) tree = merge(tree, texts);
  }
  return tree as unknown as Translation;
}

export const resources = {
  en: { translation: build('en', en) },
  de: { translation: build('de', de) },
  pl: { translation: build('pl', pl) },
  pt: { translation: build('pt', pt) },
} satisfies Record<Language, { translation: Translation }>;
