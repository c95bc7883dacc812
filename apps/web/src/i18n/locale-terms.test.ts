import { describe, expect, it } from 'vitest';
import { serverTexts } from '../../../server/src/i18n/server-texts';
import { portalErrorCodes } from '../portal/lib/portal-text-keys';
import { loadTranslation } from './resources';

/**
 * The words a reader meets on every page stay the same across pages: German says "Zugang/Zugänge"
 * for a line everywhere (the main pages' word), never "Leitung"; Portuguese says in Portuguese what
 * earlier versions left in English. Read from the merged texts (core file and every area folder).
 */

type Tree = { [key: string]: string | Tree };

function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : texts(value, path);
  });
}

/** English words that were left in the Portuguese texts (technical names like ECM, CAID stay). */
const ENGLISH_IN_PORTUGUESE = [
  /\bonline\b/i,
  /\boffline\b/i,
  /\breshare\b/i,
  /\bhops?\b/i,
  /\blogins?\b/i,
  /\bpopular\b/i,
  /\bECM ok\b/i,
];

describe('terms in the locale files', () => {
  it('German calls a line "Zugang", never "Leitung"', async () => {
    const german = texts((await loadTranslation('de')) as Tree);
    expect(german.filter(([, text]) => /Leitung/.test(text))).toEqual([]);
  });

  it('Portuguese has none of the English leftovers', async () => {
    const portuguese = texts((await loadTranslation('pt')) as Tree);
    expect(portuguese.filter(([, text]) => ENGLISH_IN_PORTUGUESE.some((word) => word.test(text)))).toEqual(
      [],
    );
  });

  /**
   * German addresses the panel's users (admins, resellers) as "Sie" and the portal's customers (their
   * pages, their errors, the mails they get) as "du", each consistently; one card never mixes both.
   */
  const customerKey = (key: string) =>
    (key.startsWith('portal.') && !key.startsWith('portal.settings.')) ||
    (key.startsWith('errors.PORTAL_') && key !== 'errors.PORTAL_REMINDER_DAYS_INVALID') ||
    key.startsWith('customerReminder.') ||
    // The churn radar's win-back mail goes to the line's customer.
    key.startsWith('winBack.');
  const DU = /\b(du|dich|dir|dein|deine[mnrs]?)\b|\b(Du|Dich|Dir|Dein|Deine[mnrs]?)\b/;
  const DU_IMPERATIVE =
    /(^|[.!?:;]\s)(Prüfe|Wähle|Gib|Klicke|Öffne|Lege|Trage|Bestätige|Kopiere|Entferne|Starte|Melde dich|Bitte deinen|Bitte den)\b/;
  const SIE = /\b(Sie|Ihr|Ihre[mnrs]?|Ihnen)\b/;

  it('German says "Sie" everywhere in the panel and "du" everywhere in the portal', async () => {
    const german = [...texts((await loadTranslation('de')) as Tree), ...texts(serverTexts.de as Tree)];
    const panel = german.filter(([key]) => !customerKey(key));
    const customer = german.filter(([key]) => customerKey(key));
    expect(customer.length).toBeGreaterThan(10);
    expect(panel.filter(([, text]) => DU.test(text) || DU_IMPERATIVE.test(text))).toEqual([]);
    expect(customer.filter(([, text]) => SIE.test(text))).toEqual([]);
  });

  it('every panel error the portal may show in "Sie" has the customer\'s own text in "du"', async () => {
    const german = new Map(texts((await loadTranslation('de')) as Tree));
    const sie = portalErrorCodes.filter((code) => SIE.test(german.get(`errors.${code}`) ?? ''));
    expect(sie.filter((code) => !german.has(`portal.errors.${code}`))).toEqual([]);
  });

  it('Portuguese calls a support ticket "ticket", keeping "pedido" for top-up requests', async () => {
    const portuguese = [...texts((await loadTranslation('pt')) as Tree), ...texts(serverTexts.pt as Tree)];
    const aboutTickets = portuguese.filter(([key, text]) => /ticket/i.test(key) || /suporte/i.test(text));
    expect(aboutTickets.length).toBeGreaterThan(10);
    expect(aboutTickets.filter(([, text]) => /\bpedidos?\b/i.test(text))).toEqual([]);
  });
});
