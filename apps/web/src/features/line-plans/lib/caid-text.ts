import type { LinePlan } from '@linedesk/shared';

type Caid = { caid: string; idents: string[] };

/** "0500:021110,000000 098C" ⇄ the plan's CAID list: one CAID per word, its idents after a colon. */
export function caidsToText(caids: LinePlan['restrictions']['caids']): string {
  return caids.map((c) => (c.idents.length > 0 ? `${c.caid}:${c.idents.join(',')}` : c.caid)).join(' ');
}

/** The API checks the digits; this only splits the words. */
export function textToCaids(text: string): Caid[] {
  return text
    .split(/[\s;]+/)
    .filter(Boolean)
    .map((word) => {
      const [caid = '', idents = ''] = word.split(':');
      return {
        caid: caid.toUpperCase(),
        idents: idents
          .split(',')
          .filter(Boolean)
          .map((i) => i.toUpperCase()),
      };
    });
}
