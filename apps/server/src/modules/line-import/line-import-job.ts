import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { publishBalanceChange } from '../credits/credit-events.js';
import { writeNewLine } from '../lines/line-create-write.js';
import { lineEvent } from '../lines/line-events.js';
import type { OutboxDelivery } from '../lines/line-write.js';
import type { ImportOwner } from './line-import-check.js';
import { checkRowsWith } from './line-import-context.js';
import { publishImportChange } from './line-import-events.js';
import { outcomeOf } from './line-import-start.service.js';
import { lineImportRepository, type ImportRecord, type RowOutcome } from './line-import.repository.js';

/** Rows per transaction: each in its own savepoint, so a refused row never undoes another. */
const CHUNK = 100;
/** Long enough for a chunk on a slow database; a dead instance's import is taken over after it. */
const LEASE_MS = 60_000;
const POLL_MS = 500;
/**
 * Due at once and not leased: the line-sync worker delivers the imported lines in its batches (one
 * POST /batch per server for up to 200 lines), rather than the job waiting on each server.
 */
const TO_WORKER: OutboxDelivery = { workerAfterMs: 0 };

type ChunkDone = { lines: { id: number; ownerId: string }[]; payers: Map<string, ImportOwner> };

function refusedOutcome(id: number, username: string, error: AppError): RowOutcome {
  const params = (error.details as { params?: RowOutcome['params'] } | undefined)?.params ?? null;
  return { id, result: 'refused', username, code: error.code, params, message: error.message };
}

/**
 * Imports one chunk of pending rows in one transaction. Each row is checked again as it is now (a
 * line made meanwhile, a plan archived, a balance spent) and written in its own savepoint: a refused
 * row (taken username, a balance that cannot pay) rolls back alone, and every row's result commits
 * with the lines, so a chunk taken over after a crash never imports (nor charges) a row twice.
 */
async function importChunk(
  ctx: AppContext,
  record: ImportRecord,
  batch: { id: number; seq: number; cells: string[] }[],
): Promise<ChunkDone> {
  const done: ChunkDone = { lines: [], payers: new Map() };
  let checked;
  try {
    checked = await checkRowsWith(ctx, record, record.options!, batch);
  } catch (error) {
    // The server or the plan chosen went away: every row is refused with that reason.
    if (!(error instanceof AppError)) throw error;
    const outcomes = batch.map((row) => refusedOutcome(row.id, '', error));
    await lineImportRepository.settleRows(ctx.db, record.id, outcomes, 'pending');
    return done;
  }
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const locked = await lineImportRepository.lockPending(
      tx,
      batch.map((row) => row.id),
    );
    const outcomes: RowOutcome[] = [];
    for (const [i, row] of batch.entries()) {
      const verdict = checked[i]!;
      if (!locked.has(row.id)) continue;
      if (verdict.status !== 'ok' || !verdict.line || !verdict.owner) {
        outcomes.push(outcomeOf(row.id, verdict));
        continue;
      }
      const line = verdict.line;
      try {
        const written = await tx.transaction((savepoint) =>
          writeNewLine(savepoint as unknown as Db, line, {
            actorId: record.accountId,
            delivery: TO_WORKER,
            details: { import_id: record.id },
          }),
        );
        outcomes.push({
          ...outcomeOf(row.id, verdict),
          result: 'done',
          lineId: written.line.id,
          charged: line.charge,
        });
        done.lines.push({ id: written.line.id, ownerId: verdict.owner.id });
        if (line.charge > 0) done.payers.set(verdict.owner.id, verdict.owner);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes.push(refusedOutcome(row.id, verdict.username, error));
      }
    }
    await lineImportRepository.settleRows(tx, record.id, outcomes, 'pending');
  });
  return done;
}

/** One change event per owner whose lines a chunk made (not one per line), and their balances. */
async function publishChunk(ctx: AppContext, done: ChunkDone): Promise<void> {
  const firstOfOwner = new Map<string, number>();
  for (const line of done.lines) if (!firstOfOwner.has(line.ownerId)) firstOfOwner.set(line.ownerId, line.id);
  for (const [ownerId, id] of firstOfOwner) await ctx.bus.publish(lineEvent('insert', { id, ownerId }));
  for (const payer of done.payers.values()) {
    await publishBalanceChange(ctx, { id: payer.id, ownerId: payer.ownerId });
  }
}

/**
 * Works through a leased import's pending rows in order. Each chunk commits on its own, so stopping
 * anywhere (shutdown, crash, lease lost) leaves every row either settled or still pending.
 */
async function runImport(ctx: AppContext, record: ImportRecord, leaseId: string, signal: AbortSignal) {
  await publishImportChange(ctx, record);
  let afterSeq = 0;
  for (;;) {
    if (signal.aborted) {
      await lineImportRepository.release(ctx.db, record.id, leaseId);
      return;
    }
    const batch = await lineImportRepository.pendingRows(ctx.db, record.id, afterSeq, CHUNK);
    if (batch.length === 0) break;
    const done = await importChunk(ctx, record, batch);
    afterSeq = batch[batch.length - 1]!.seq;
    await lineImportRepository.refreshCounts(ctx.db, record.id);
    await publishChunk(ctx, done);
    await publishImportChange(ctx, record);
    // Another instance took the import over (this one stalled past its lease): it carries on.
    if (!(await lineImportRepository.extendLease(ctx.db, record.id, leaseId, LEASE_MS))) return;
  }
  await lineImportRepository.refreshCounts(ctx.db, record.id);
  if (await lineImportRepository.finish(ctx.db, record.id, leaseId)) await publishImportChange(ctx, record);
}

/**
 * Runs started imports in the background on every instance: each round leases the oldest open
 * import (FOR UPDATE SKIP LOCKED), so two instances never run the same one, and an import whose
 * instance died is taken over once its lease runs out, carrying on from its first pending row.
 */
export function startLineImportJob(ctx: AppContext): PeriodicJob {
  return startPeriodicJob(ctx, {
    name: 'line-import',
    everyMs: POLL_MS,
    firstAfterMs: 0,
    failureMessage: 'Line import round failed',
    round: async (signal) => {
      while (!signal.aborted) {
        const leaseId = randomUUID();
        const record = await lineImportRepository.claim(ctx.db, LEASE_MS, leaseId);
        if (!record) return;
        await runImport(ctx, record, leaseId, signal);
      }
    },
  });
}
