import { lineEntryRestrictions, toDisplayDate, type LineRestrictions } from '@linedesk/shared';
import type { LineRecord } from '../lines/lines.repository.js';
import type { UpsertPayload } from './line-outbox.repository.js';

/**
 * The one payload every write of a line sends its agent (create, renew, enable/disable, password
 * change, move, reconcile, plan change): the whole entry, so no change ever drops a setting the entry
 * had. `currentPayload` in line-outbox.repository.ts is the same in SQL.
 */
export function lineUpsertPayload(
  line: Pick<LineRecord, 'password' | 'expiryDate' | 'enabled' | 'restrictionOverrides' | 'entryExtra'>,
  planRestrictions: LineRestrictions,
): UpsertPayload {
  const restrictions = lineEntryRestrictions(planRestrictions, line.restrictionOverrides);
  return {
    password: line.password,
    expiryDate: toDisplayDate(line.expiryDate),
    enabled: line.enabled,
    ...(restrictions ? { restrictions } : {}),
    ...(line.entryExtra ? { extra: line.entryExtra } : {}),
  };
}
