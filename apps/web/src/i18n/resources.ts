import type { Language } from '@linedesk/shared';
import type enAccountSecurity from './locales/account-security/en.json';
import type enApiKeys from './locales/api-keys/en.json';
import type enAudit from './locales/audit/en.json';
import type en from './locales/en.json';
import type enCredits from './locales/credits/en.json';
import type enInsights from './locales/insights/en.json';
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
  typeof enCredits &
  typeof enSupport &
  typeof enMessages &
  typeof enOnboarding;

type Tree = { [key: string]: string | Tree };

/**
 * The core file `locales/<language>.json` and each area's `locales/<area>/<language>.json` (so areas
 * never edit one shared file). Loaded on demand: a browser downloads only the language it shows
 * (vite.config.ts puts one language's files in one chunk).
 */
const localeFiles = import.meta.glob<Tree>(['./locales/*.json', './locales/*/*.json'], {
  import: 'default',
});

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

/** One language's texts: the core file merged with every area's file, key by key (`errors`, `nav`…). */
export async function loadTranslation(language: Language): Promise<Translation> {
  const core = `./locales/${language}.json`;
  const areas = Object.keys(localeFiles).filter(
    (file) => file !== core && file.endsWith(`/${language}.json`) && file.split('/').length === 4,
  );
  const [coreTexts, ...areaTexts] = await Promise.all([core, ...areas].map((file) => localeFiles[file]!()));
  let tree = merge({}, coreTexts!);
  for (const texts of areaTexts) tree = merge(tree, texts);
  return tree as unknown as Translation;
}
