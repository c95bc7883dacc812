import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { startPeriodicJob, type PeriodicJob } from '../../platform/periodic-job.js';
import { FinalDeliveryError } from './notification-channel.js';
import { channelDriver } from './notification-channels.js';
import { announceNotices, notify, type Notified } from './notify.js';
import { notificationsRepository, type OutboxPayload, type OutboxRow } from './notifications.repository.js';

/** Rows one instance leases per claim. */
const BATCH = 50;

/**
 * How long a claimed row stays this deliverer's: longer than a webhook call may take (with room for
 * a slow SMTP server), short enough that a row leased by a process that died is taken over soon.
 */
export function deliveryLeaseMs(ctx: AppContext): number {
  return 3 * ctx.config.notifications.webhookTimeoutMs + 5000;
}

export function retryDelayMs(ctx: AppContext, attemptsBefore: number): number {
  const { retryBaseMs, retryMaxMs } = ctx.config.notifications;
  return Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(attemptsBefore, 30));
}

function failureText(error: unknown): string {
  if (error instanceof AppError) {
    const params = (error.details as { params?: Record<string, unknown> } | undefined)?.params;
    return params?.reason ? `${error.code}: ${String(params.reason)}` : error.code;
  }
  return error instanceof Error ? error.message : String(error);
}

async function deliverRow(ctx: AppContext, row: OutboxRow, leaseId: string): Promise<void> {
  const driver = channelDriver(row.channel);
  try {
    if (!driver) throw new Error(`No channel ${row.channel} in this panel`);
    await driver.deliver(ctx, ctx.db, { ...row, payload: row.payload as OutboxPayload });
  } catch (error) {
    ctx.log.warn({ err: error, notification: row.id, channel: row.channel }, 'Notification delivery failed');
    await notificationsRepository.markFailed(ctx.db, row.id, leaseId, {
      error: failureText(error),
      retryMs: retryDelayMs(ctx, row.attempts),
      maxAttempts: error instanceof FinalDeliveryError ? 0 : ctx.config.notifications.maxAttempts,
    });
    return;
  }
  await notificationsRepository.markDelivered(ctx.db, row.id, leaseId);
}

/** Delivers every due row, a batch at a time, until none is left or the app stops. */
export async function deliverDueNotifications(ctx: AppContext, signal: AbortSignal): Promise<number> {
  let delivered = 0;
  while (!signal.aborted) {
    const leaseId = randomUUID();
    const rows = await notificationsRepository.claimDue(ctx.db, BATCH, deliveryLeaseMs(ctx), leaseId);
    if (rows.length === 0) break;
    await Promise.all(
      rows.map((row) =>
        signal.aborted
          ? notificationsRepository.release(ctx.db, row.id, leaseId)
          : deliverRow(ctx, row, leaseId),
      ),
    );
    delivered += rows.length;
  }
  return delivered;
}

/**
 * Tells each account whose balance fell below the threshold it set, once per fall. Checked every round
 * rather than at each debit: balances move in many statements (single and batched spends), and this
 * one query sees all of them within a round.
 */
export async function noticeLowBalances(ctx: AppContext): Promise<number> {
  const notified = await ctx.db.transaction(async (tx) => {
    const low = await notificationsRepository.claimLowBalances(tx);
    const all: Notified[] = [];
    for (const account of low) {
      all.push(
        await notify(ctx, tx, account.accountId, {
          kind: 'balance_low',
          params: { balance: account.balance, threshold: account.threshold },
        }),
      );
    }
    return all;
  });
  await announceNotices(ctx, ...notified);
  return notified.length;
}

/**
 * Sends the outbox's email and webhook rows in every instance; rows are leased one deliverer at a
 * time, and a row whose deliverer died is taken over when its lease runs out.
 */
export function startNotificationDeliveryJob(ctx: AppContext): PeriodicJob {
  return startPeriodicJob(ctx, {
    name: 'notifications',
    everyMs: ctx.config.notifications.pollMs,
    failureMessage: 'Notification delivery round failed',
    round: async (signal) => {
      await noticeLowBalances(ctx);
      return deliverDueNotifications(ctx, signal);
    },
  });
}
