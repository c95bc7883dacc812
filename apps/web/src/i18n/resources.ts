import type { Language } from '@linedesk/shared';
import type { TextsPart, Tree } from './text-parts';
import type enAccountSecurity from './locales/account-security/en.json';
import type enAgentInstall from './locales/agent-install/en.json';
import type enActivationCodes from './locales/activation-codes/en.json';
import type enApiKeys from './locales/api-keys/en.json';
import type enAudit from './locales/audit/en.json';
import type en from './locales/en.json';
import type enCredits from './locales/credits/en.json';
import type enInsights from './locales/insights/en.json';
import type enLineAdoption from './locales/line-adoption/en.json';
import type enLineConnections from './locales/line-connections/en.json';
import type enEcmStats from './locales/ecm-stats/en.json';
import type enLinePlans from './locales/line-plans/en.json';
import type enLinesBulk from './locales/lines-bulk/en.json';
import type enLinesImport from './locales/lines-import/en.json';
import type enLines from './locales/lines/en.json';
import type enMessages from './locales/messages/en.json';
import type enNotifications from './locales/notifications/en.json';
import type enOnboarding from './locales/onboarding/en.json';
import type enPayments from './locales/payments/en.json';
import type enPortal from './locales/portal/en.json';
import type enReports from './locales/reports/en.json';
import type enResellerTerms from './locales/reseller-terms/en.json';
import type enServerStandby from './locales/server-standby/en.json';
import type enSupport from './locales/support/en.json';
import type enTelegram from './locales/telegram/en.json';

/** Every key the app may ask for: the core file plus each area's file (their English versions). */
export type Translation = typeof en &
  typeof enAccountSecurity &
  typeof enActivationCodes &
  typeof enAgentInstall &
  typeof enApiKeys &
  typeof enAudit &
  typeof enInsights &
  typeof enLines &
  typeof enLinesBulk &
  typeof enLineAdoption &
  typeof enLinesImport &
  typeof enLineConnections &
  typeof enEcmStats &
  typeof enLinePlans &
  typeof enCredits &
  typeof enSupport &
  typeof enMessages &
  typeof enNotifications &
  typeof enOnboarding &
  typeof enPayments &
  typeof enPortal &
  typeof enReports &
  typeof enResellerTerms &
  typeof enServerStandby &
  typeof enTelegram;

export type { TextsPart, Tree };

/**
 * The core file `locales/<language>.json` and each area's `locales/<area>/<language>.json` (so areas
 * never edit one shared file). Loaded on demand: a browser downloads only the language it shows, and
 * of it first only the core sections the sign-in page needs (`first-texts.ts`); the rest of the core
 * file and what the shell and the dashboard show of the areas come with the first lazily loaded page,
 * the areas' other texts with the first page beyond the dashboard. vite.config.ts puts them in the
 * chunks `locale-<language>`, `locale-rest-<language>` and `locale-pages-<language>`.
 */
const coreFirst = import.meta.glob<Tree>('./locales/*.json', { query: '?part=first', import: 'default' });

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
  // The other parts' loaders (one per language and area) are a module of their own, so the sign-in
  // page's download does not carry them.
  const loaders =
    part === 'first'
      ? [coreFirst[`./locales/${language}.json`]!]
      : (await import('./later-texts')).laterTextLoaders(language, part);
  const texts = await Promise.all(loaders.map((load) => load()));
  return texts.reduce((tree, part) => merge(tree, part), {});
}

/** All of one language's texts. */
export async function loadTranslation(language: Language): Promise<Translation> {
  const parts = await Promise.all(
    (['first', 'rest', 'pages'] as const).map((part) => loadTexts(language, part)),
  );
  return parts.reduce((tree, part) => merge(tree, part), {}) as unknown as Translation;
}
