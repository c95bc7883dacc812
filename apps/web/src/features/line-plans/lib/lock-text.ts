import type { LineLock } from '@linedesk/shared';

/** The lock's fields as the editor shows them: codes and numbers as comma-separated text. */
export type LockDraft = { countries: string; asns: string; noDatacenters: boolean };

export const emptyDraft: LockDraft = { countries: '', asns: '', noDatacenters: false };

export function lockToDraft(lock: LineLock | null): LockDraft {
  if (!lock) return emptyDraft;
  return {
    countries: lock.countries.join(', '),
    asns: lock.asns.join(', '),
    noDatacenters: lock.no_datacenters,
  };
}

const parts = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * The lock the draft describes, or which field is wrong. Country codes are taken in either case;
 * networks may be written with their "AS" prefix.
 */
export function draftToLock(draft: LockDraft): { lock: LineLock } | { invalid: 'countries' | 'asns' } {
  const countries = parts(draft.countries).map((code) => code.toUpperCase());
  if (countries.some((code) => !/^[A-Z]{2}$/.test(code))) return { invalid: 'countries' };
  const asnTexts = parts(draft.asns).map((asn) => asn.replace(/^AS/i, ''));
  const asns = asnTexts.map(Number);
  if (asnTexts.some((asn, i) => !/^\d+$/.test(asn) || asns[i]! < 1 || asns[i]! > 4_294_967_295)) {
    return { invalid: 'asns' };
  }
  return {
    lock: {
      countries: [...new Set(countries)],
      asns: [...new Set(asns)],
      no_datacenters: draft.noDatacenters,
    },
  };
}
