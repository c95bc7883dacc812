import type { Language } from '@linedesk/shared';
import type enAccountSecurity from './locales/account-security/en.json';
import type enApiKeys from './locales/api-keys/en.json';
import type enAudit from './locales/audit/en.json';
import type en from './locales/en.json';
import type enCredits from './locales/credits/en.json';
import type enInsights from './locales/insights/en.json';
import type enLineConnections from './locales/line-connections/en.json';
import type enLinePlans from './locales/line-plans/en.json';
import type enLinesBulk from './locales/lines-bulk/en.json';
import type enLines from './locales/lines/en.json';
import type enMessages from './locales/messages/en.json';
import type enOnboarding from './locales/onboarding/en.json';
import type enSupport from './locales/support/en.json';

/** Every key the app may ask for: the core file plus each area's file (their English versions). */
export type Translation = typeof en &
  typeof enAccountSecurity &
  typeof enApiKeys &
  typeof enAudit &
  typeof enInsights &
  typeof enLines &
  typeof enLinesBulk &
  typeof enLineConnections &
  typeof enLinePlans &
  typeof enCredits &
  typeof enSupport &
  typeof enMessages &
  typeof enOnboarding;

type Tree = { [key: string]: string | Tree };

export type TextsPart = 'first' | 'rest';

/**
 * The core file `locales/<language>.json` and each area's `locales/<area>/<language>.json` (so areas
 * never edit one shared file). Loaded on demand: a browser downloads only the language it shows, and
 * of it first only the core sections the sign-in page needs (`first-texts.ts`); the rest of the core
 * file and the areas' files come with the first lazily loaded page. vite.config.ts puts a language's
 * first part in the chunk `locale-<language>` and the rest in `locale-rest-<language>`.
 */
const coreFirst = import.meta.glob<Tree>('./locales/*.json', { query: '?part=first', import: 'default' });
const coreRest = import.meta.glob<Tree>('./locales/*.json', { query: '?part=rest', import: 'default' });
const areaFiles = import.meta.glob<Tree>('./locales/*/*.json', { import: 'default' });

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

/** One part of a language's texts, merged key by key (`errors`, `nav`…). */
export async function loadTexts(language: Language, part: TextsPart): Promise<Tree> {
  const core = `./locales/${language}.json`;
  const loaders =
    part === 'first'
      ? [coreFirst[core]!]
      : [
          coreRest[core]!,
          ...Object.entries(areaFiles)
            .filter(([file]) => file.endsWith(`/${language}.json`))
            .map(([, load]) => load),
        ];
  const texts = await Promise.all(loaders.map((load) => load()));
  return texts.reduce((tree, part) => merge(tree, part), {});
}

/** All of one language's texts. */
export async function loadTranslation(language: Language): Promise<Translation> {
  const [first, rest] = await Promise.all([loadTexts(language, 'first'), loadTexts(language, 'rest')]);
  return merge(merge({}, first), rest) as unknown as Translation;
}
