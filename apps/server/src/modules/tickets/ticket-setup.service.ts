import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SetupStep, TicketSetupStatus } from '@linedesk/shared';
import { TransactionRollbackError } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { migrationsFolder } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { ticketSetupRepository } from './ticket-setup.repository.js';

type Journal = { entries: { when: number; tag: string }[] };

async function migrationTags(): Promise<Map<number, string>> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return new Map(journal.entries.map((e) => [e.when, e.tag]));
}

type StepName = SetupStep['name'];

/**
 * Writes a ticket and a reply and reads both back inside one transaction that is always rolled back,
 * so the check proves the tables work without leaving anything behind. After a failed step the
 * transaction is aborted, so the remaining steps are reported as not run.
 */
async function selfTest(ctx: AppContext, userId: string): Promise<SetupStep[]> {
  const steps: SetupStep[] = [];
  const order: StepName[] = ['insert_ticket', 'read_ticket', 'insert_reply', 'read_reply', 'rollback'];
  const run = async <T>(name: StepName, action: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      const value = await action();
      steps.push({ name, ok: true, duration_ms: performance.now() - started, error: null });
      return value;
    } catch (error) {
      steps.push({
        name,
        ok: false,
        duration_ms: performance.now() - started,
        error: (error as Error).message,
      });
      throw error;
    }
  };

  let ticketId: number | undefined;
  let rollbackStarted = 0;
  try {
    await ctx.db.transaction(async (tx) => {
      ticketId = await run('insert_ticket', () => ticketSetupRepository.insertTicket(tx, userId));
      await run('read_ticket', async () => {
        if (!(await ticketSetupRepository.readTicket(tx, ticketId!)))
          throw new Error('The ticket just written was not found');
      });
      const replyId = await run('insert_reply', () =>
        ticketSetupRepository.insertReply(tx, ticketId!, userId),
      );
      await run('read_reply', async () => {
        if (!(await ticketSetupRepository.readReply(tx, replyId)))
          throw new Error('The reply just written was not found');
      });
      rollbackStarted = performance.now();
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) {
      for (const name of order.filter((n) => !steps.some((s) => s.name === n))) {
        steps.push({ name, ok: false, duration_ms: 0, error: 'Not run after an earlier step failed' });
      }
      return steps;
    }
  }
  // The rollback step covers the rollback itself and the proof that it happened: the test ticket is gone.
  try {
    const leftOver = ticketId !== undefined && (await ticketSetupRepository.readTicket(ctx.db, ticketId));
    steps.push({
      name: 'rollback',
      ok: !leftOver,
      duration_ms: performance.now() - rollbackStarted,
      error: leftOver ? 'The test ticket is still there after the rollback' : null,
    });
  } catch (error) {
    steps.push({
      name: 'rollback',
      ok: false,
      duration_ms: performance.now() - rollbackStarted,
      error: (error as Error).message,
    });
  }
  return steps;
}

export async function getSetupStatus(ctx: AppContext, actor: Actor): Promise<TicketSetupStatus> {
  const [applied, tags] = await Promise.all([
    ticketSetupRepository.appliedMigrations(ctx.db),
    migrationTags(),
  ]);
  const names = applied.map((m) => tags.get(m.createdAt) ?? `unknown (${m.hash.slice(0, 12)})`);
  const steps = await selfTest(ctx, actor.id);
  return {
    database: ctx.database.kind === 'postgres' ? 'postgres' : 'pglite',
    schema_version: names.at(-1) ?? null,
    migrations: { count: names.length, names },
    self_test: { ok: steps.every((s) => s.ok), steps },
    checked_at: new Date().toISOString(),
  };
}
