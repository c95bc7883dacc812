import {
  lineEntryRestrictions,
  OSCAM_SHARING_KEYS,
  toDisplayDate,
  type LineEntryExtra,
  type LineRestrictions,
} from '@linedesk/shared';
import type { LineRecord } from '../lines/lines.repository.js';
import type { UpsertPayload } from './line-outbox.repository.js';

/**
 * The one payload every write of a line sends its agent (create, renew, enable/disable, password
 * change, move, reconcile, plan change): the whole entry, so no change ever drops a setting the entry
 * had. `currentPayload` in line-outbox.repository.ts is the same in SQL.
 */
export function lineUpsertPayload(
  line: Pick<LineRecord, 'password' | 'expiryDate' | 'enabled' | 'restrictionOverrides' | 'entryExtra'> & {
    sharingOscam?: string[] | null;
  },
  planRestrictions: LineRestrictions,
): UpsertPayload {
  const restrictions = lineEntryRestrictions(planRestrictions, line.restrictionOverrides);
  const extra = entryExtraWithSharing(line.entryExtra, line.sharingOscam ?? null);
  return {
    password: line.password,
    expiryDate: toDisplayDate(line.expiryDate),
    enabled: line.enabled,
    ...(restrictions ? { restrictions } : {}),
    ...(extra ? { extra } : {}),
  };
}

/**
 * The entry's `extra` with a sharing step's OSCam lines in force (they replace the entry's own lines
 * of the same keys, which come back when the step is lifted). A CCcam entry has no such keys.
 */
export function entryExtraWithSharing(
  entryExtra: LineEntryExtra | null,
  sharingOscam: readonly string[] | null,
): LineEntryExtra | null {
  if (!sharingOscam || sharingOscam.length === 0 || (entryExtra && 'cccam' in entryExtra)) return entryExtra;
  const replaced = new Set<string>(OSCAM_SHARING_KEYS);
  const own = (entryExtra?.oscam ?? []).filter(
    (line) => !replaced.has(line.split('=')[0]!.trim().toLowerCase()),
  );
  return { oscam: [...own, ...sharingOscam] };
}
