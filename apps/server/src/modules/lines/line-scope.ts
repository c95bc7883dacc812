import { isoDate } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { linesRepository, type LineRecord, type LineRow } from './lines.repository.js';

/** Whose lines a caller sees: `ownerId` null for an admin (every line). */
export type LineScope = { actor: Actor; ownerId: string | null };

export const today = () => isoDate(new Date());
/** Seconds until `today` changes: when a per-day limit counts again. */
export const secondsUntilNextDay = (now = new Date()) =>
  (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;

export function inTransaction<T>(ctx: AppContext, work: (tx: Db) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work(tx as unknown as Db));
}

export async function findVisible(ctx: AppContext, scope: LineScope, id: number): Promise<LineRow> {
  return access.ownLineOrNotFound(scope, await linesRepository.findById(ctx.db, id));
}

/** Under the row lock: the line must still exist and still be the caller's. */
export async function lockVisible(tx: Db, scope: LineScope, id: number): Promise<LineRecord> {
  return access.ownLineOrNotFound(scope, await linesRepository.lockById(tx, id));
}
