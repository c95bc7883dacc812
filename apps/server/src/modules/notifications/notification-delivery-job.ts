import type { AppContext } from '../../app-context.js';
import { leaseCoveringCallsMs } from '../../platform/backoff.js';
import { startLeasedJob, type Lease } from '../../platform/leased-job.js';
import type { PeriodicJob } from '../../platform/periodic-job.js';
import { FinalDeliveryError } from './notification-channel.js';
import { channelDriver } from './notification-channels.js';
import { announceNotices, notify, type Notified } from './notify.js';
import {
  dueNotices,
  notificationsRepository,
  type OutboxPayload,
  type OutboxRow,
} from './notifications.repository.js';

/** Rows one instance leases per claim. */
const BATCH = 50;

/** Sends one row on its channel; a throw is a failed attempt, retried by the runner. */
async function deliverRow(ctx: AppContext, lease: Lease<OutboxRow>): Promise<void> {
  const row = lease.row;
  const driver = channelDriver(row.channel);
  if (!driver) throw new Error(`No channel ${row.channel} in this panel`);
  await driver.deliver(ctx, ctx.db, { ...row, payload: row.payload as OutboxPayload });
  await lease.finish();
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
 * time, and a row whose deliverer died is taken over when its lease runs out. A failed row is tried
 * again with backoff, and dead after the last attempt (its account sees it on its Notifications page).
 */
export function startNotificationDeliveryJob(ctx: AppContext): PeriodicJob {
  const { webhookTimeoutMs, pollMs, retryBaseMs, retryMaxMs, maxAttempts } = ctx.config.notifications;
  return startLeasedJob(ctx, {
    name: 'notifications',
    everyMs: pollMs,
    failureMessage: 'Notification delivery round failed',
    // Longer than a webhook call may take, with room for a slow SMTP server.
    leaseMs: leaseCoveringCallsMs(webhookTimeoutMs),
    perClaim: BATCH,
    queue: dueNotices,
    beforeClaims: () => noticeLowBalances(ctx),
    work: (lease) => deliverRow(ctx, lease),
    retry: {
      backoff: { baseMs: retryBaseMs, maxMs: retryMaxMs },
      maxAttempts,
      statuses: { waiting: 'pending', dead: 'dead' },
      isFinal: (error) => error instanceof FinalDeliveryError,
      failedMessage: 'Notification delivery failed',
    },
  });
}
