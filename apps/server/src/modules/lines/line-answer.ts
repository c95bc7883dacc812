import type { LineSyncResult, LineWriteResult } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { IdempotencyRequest } from '../credits/idempotency.js';
import { toLine } from './line-mapper.js';
import type { OutboxKey } from '../line-sync/line-outbox.repository.js';
import { balanceOf } from './line-charge.js';
import { today } from './line-scope.js';
import { deliverNowDetailed, syncResult, type Delivered, type SyncKind } from '../line-sync/line-sync.js';
import { keyOf, type Claimed } from './line-write.js';
import { linesRepository, type LineRecord, type LineRow } from './lines.repository.js';

export const NO_IDEMPOTENCY_KEY: IdempotencyRequest = { key: undefined, scope: '' };

/** What an idempotent line write keeps with its key; a retry is answered from it and the line now. */
export type StoredWrite = { line_id: number; charged: number; balance: number | null };

export async function replayedWrite(
  ctx: AppContext,
  stored: StoredWrite,
): Promise<LineWriteResult & { replayed: true }> {
  const row = await linesRepository.findById(ctx.db, stored.line_id);
  if (!row) throw new AppError('LINE_NOT_FOUND');
  const line = toLine(row, today());
  const sync = {
    ok: line.sync_state === 'synced',
    code: line.sync_error_code,
    message: line.sync_error,
    params: line.sync_error_params,
  };
  return { line, sync, charged: stored.charged, balance: stored.balance, replayed: true };
}

export async function writeResult(
  ctx: AppContext,
  id: number,
  sync: LineSyncResult,
  charged: number,
  balance: number | null,
): Promise<LineWriteResult> {
  const row = await linesRepository.findById(ctx.db, id);
  if (!row) throw new AppError('LINE_NOT_FOUND');
  return { line: toLine(row, today()), sync, charged, balance };
}

export async function deliver(
  ctx: AppContext,
  key: OutboxKey | null,
  kind: SyncKind,
  claimed?: Claimed,
): Promise<LineSyncResult> {
  return (await deliverDetailed(ctx, key, kind, claimed)).sync;
}

export async function deliverDetailed(
  ctx: AppContext,
  key: OutboxKey | null,
  kind: SyncKind,
  claimed?: Claimed,
): Promise<Delivered> {
  if (!key) {
    return {
      sync: syncResult(kind, { ok: false, unreachable: true, reason: 'the line has no server' }),
      line: null,
    };
  }
  return deliverNowDetailed(ctx, key, kind, claimed);
}

/**
 * The answer to a write, from the row its transaction returned and what the delivery changed; read
 * again only when someone else's delivery may have changed the line meanwhile. A line deleted since
 * the commit is answered as the write left it: the write was done (and charged), so its answer must
 * say so rather than LINE_NOT_FOUND.
 */
export async function answerOf(
  ctx: AppContext,
  line: LineRecord,
  server: AnswerServer,
  delivered: Delivered,
  charged: number,
  balance: number | null,
): Promise<LineWriteResult> {
  const row: LineRow = delivered.line
    ? { ...line, ...delivered.line, ...server }
    : ((await linesRepository.findById(ctx.db, line.id)) ?? { ...line, ...server });
  return { line: toLine(row, today()), sync: delivered.sync, charged, balance };
}

/** The server fields a line's answer shows. */
export type AnswerServer = Pick<LineRow, 'serverName' | 'serverProtocol' | 'serverDesKey'>;

/**
 * A charged write (create, renew) after its commit: delivered to its server (or left to the worker),
 * and its answer with what it cost and the payer's balance.
 */
export async function answerChargedWrite(
  ctx: AppContext,
  me: Actor,
  written: { line: LineRecord; server: AnswerServer; claimed: Claimed | undefined },
  kind: SyncKind,
  charge: number,
  balanceAfter: number | null,
): Promise<LineWriteResult & { replayed: false }> {
  const delivered = await deliverDetailed(ctx, keyOf(written.line), kind, written.claimed);
  // Refused by its server: the charge came back, so the write cost nothing and the balance is read anew.
  const refused = delivered.line?.syncState === 'refused';
  const balance = await balanceOf(ctx, me, refused ? null : balanceAfter);
  return {
    ...(await answerOf(ctx, written.line, written.server, delivered, refused ? 0 : charge, balance)),
    replayed: false,
  };
}
