import { dateInZone, startOfDayInZone, addDays } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { businessTimeZone } from './business-clock.js';
import { linesRepository, type LineRecord, type LineRow } from './lines.repository.js';

/**
 * Whose lines a caller sees: `ownerId` null for an admin (every line); a scoped staff member's also
 * name its scope's accounts (`ownerIds`) and the reseller whose subtree its lists hold (`treeId`).
 */
export type LineScope = {
  actor: Actor;
  ownerId: string | null;
  ownerIds?: readonly string[];
  treeId?: string;
};

/** Today in the business time zone (docs/spec-rules.md, "Expiry"). */
export const today = (now = new Date()) => dateInZone(now, businessTimeZone());
/** Seconds until `today` changes: when a per-day limit counts again. */
export const secondsUntilNextDay = (now = new Date()) =>
  (startOfDayInZone(addDays(today(now), 1), businessTimeZone()).getTime() - now.getTime()) / 1000;

export function inTransaction<T>(ctx: AppContext, work: (tx: Db) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work(tx));
}

export async function findVisible(ctx: AppContext, scope: LineScope, id: number): Promise<LineRow> {
  return access.ownLineOrNotFound(scope, await linesRepository.findById(ctx.db, id));
}

/** Under the row lock: the line must still exist and still be the caller's. */
export async function lockVisible(tx: Db, scope: LineScope, id: number): Promise<LineRecord> {
  return access.ownLineOrNotFound(scope, await linesRepository.lockById(tx, id));
}
