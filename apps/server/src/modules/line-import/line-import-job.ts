import { randomUUID } from 'node:crypto';
import { lineCreateRepository } from '../lines/line-create.repository.js';
import type { AppContext } from '../../app-context.js';
import { giveWay } from '../../platform/give-way.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { startItemsJob, workThroughItems, type Lease } from '../../platform/leased-job.js';
import type { PeriodicJob } from '../../platform/periodic-job.js';
import { publishBalanceChange } from '../credits/credit-events.js';
import { writeNewLine } from '../lines/line-create-write.js';
import { lineEvent } from '../lines/line-events.js';
import type { OutboxDelivery } from '../lines/line-write.js';
import type { ImportOwner } from './line-import-check.js';
import { checkRowsWith } from './line-import-context.js';
import { publishImportChange } from './line-import-events.js';
import { outcomeOf } from './line-import-start.service.js';
import {
  lineImportRepository,
  startedImports,
  type ImportRecord,
  type ImportRowRead,
  type RowOutcome,
} from './line-import.repository.js';

/** Rows per transaction (and per statement of lines, when the chunk is written at once). */
const CHUNK = 500;
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

/** A chunk's owners could not all pay: it is rolled back and written row by row instead. */
class ShortBalance extends Error {}

type Verdicts = Awaited<ReturnType<typeof checkRowsWith>>;
type PendingRow = ImportRowRead;

/**
 * The chunk's importable rows in the two statements of a group-committed create (the lines,
 * skipping taken usernames; then their outbox, history and ledger rows with each owner's balance
 * moved once). A username taken meanwhile is skipped when its line has the row's owner, else
 * refused; a balance that cannot pay its owner's total throws ShortBalance, rolling everything back.
 */
async function writeChunkAtOnce(
  tx: Db,
  record: ImportRecord,
  batch: PendingRow[],
  checked: Verdicts,
  locked: Set<number>,
  done: ChunkDone,
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  const writable: { row: PendingRow; verdict: Verdicts[number] }[] = [];
  for (const [i, row] of batch.entries()) {
    const verdict = checked[i]!;
    if (!locked.has(row.id)) continue;
    if (verdict.status !== 'ok' || !verdict.line || !verdict.owner) outcomes.push(outcomeOf(row.id, verdict));
    else writable.push({ row, verdict });
  }
  if (writable.length === 0) return outcomes;
  const written = await lineCreateRepository.insertCreatedMany(
    tx,
    writable.map(({ verdict }) => ({
      values: verdict.line!.values,
      outbox: { payload: verdict.line!.payload, leaseId: randomUUID() },
      details: { ...verdict.line!.details, import_id: record.id },
      charge: verdict.line!.charge,
    })),
    // Not leased: the line-sync worker takes them at once, in its batches per server.
    { workerAfterMs: 0, leaseMs: 0 },
  );
  if (written.short.length > 0) throw new ShortBalance();
  const made = new Map(written.lines.map((line) => [line.username, line.id]));
  const taken = await lineImportRepository.existingLines(
    tx,
    writable
      .filter(({ verdict }) => !made.has(verdict.line!.values.username))
      .map(({ verdict }) => verdict.line!.values.username),
  );
  for (const { row, verdict } of writable) {
    const username = verdict.line!.values.username;
    const lineId = made.get(username);
    if (lineId !== undefined) {
      outcomes.push({ ...outcomeOf(row.id, verdict), result: 'done', lineId, charged: verdict.line!.charge });
      done.lines.push({ id: lineId, ownerId: verdict.owner!.id });
      if (verdict.line!.charge > 0) done.payers.set(verdict.owner!.id, verdict.owner!);
    } else if (taken.get(username) === verdict.owner!.id) {
      outcomes.push(outcomeOf(row.id, { ...verdict, status: 'skipped', code: 'LINE_IMPORT_ALREADY_THERE' }));
    } else {
      outcomes.push(refusedOutcome(row.id, username, new AppError('LINE_USERNAME_TAKEN')));
    }
  }
  return outcomes;
}

/**
 * Imports one chunk of pending rows in one transaction. Each row is checked again as it is now (a
 * line made meanwhile, a plan archived, a balance spent); the chunk is written at once, or, when an
 * owner cannot pay for all its rows, again row by row, each in its own savepoint, so a refused row
 * (a balance that cannot pay, a taken username) rolls back alone. Every row's result commits with
 * the lines, so a chunk taken over after a crash never imports (nor charges) a row twice.
 */
async function importChunk(
  ctx: AppContext,
  record: ImportRecord,
  batch: ImportRowRead[],
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
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await lineImportRepository.lockPending(
        tx,
        batch.map((row) => row.id),
      );
      const outcomes = await writeChunkAtOnce(tx, record, batch, checked, locked, done);
      await lineImportRepository.settleRows(tx, record.id, outcomes, 'pending');
    });
    return done;
  } catch (error) {
    if (!(error instanceof ShortBalance)) throw error;
    done.lines = [];
    done.payers.clear();
  }
  await ctx.db.transaction(async (tx) => {
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
          writeNewLine(savepoint, line, {
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

/** A leased import's pending rows, a chunk (one transaction) at a time. */
async function runImport(ctx: AppContext, lease: Lease<ImportRecord>, signal: AbortSignal) {
  const record = lease.row;
  await workThroughItems(lease, signal, {
    pending: (afterSeq) => lineImportRepository.pendingRows(ctx.db, record.id, afterSeq, CHUNK),
    // Gives way after each chunk: the lines it made go to their agent meanwhile, and the panel answers.
    work: (batch) => giveWay(ctx, () => importChunk(ctx, record, batch)),
    recount: () => lineImportRepository.refreshCounts(ctx.db, record.id),
    published: (done) => publishChunk(ctx, done),
    announce: () => publishImportChange(ctx, record),
  });
}

/**
 * Runs started imports in the background on every instance (platform/leased-job.ts): two instances
 * never run the same one, an import whose instance died is taken over once its lease runs out,
 * carrying on from its first pending row, and one whose runs keep failing ends dead (the chunk that
 * failed rolled back whole).
 */
export function startLineImportJob(ctx: AppContext): PeriodicJob {
  return startItemsJob(ctx, {
    name: 'line-import',
    what: 'Line import',
    events: 'line_imports',
    queue: startedImports,
    work: (lease, signal) => runImport(ctx, lease, signal),
    recount: (id) => lineImportRepository.refreshCounts(ctx.db, id),
  });
}
