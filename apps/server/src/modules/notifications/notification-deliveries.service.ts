import type { NotificationChannel, NotificationDelivery } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { notificationsRepository, type OutboxPayload } from './notifications.repository.js';
import { announceNotices, notify } from './notify.js';

/** The failures shown on the Notifications page: the newest first. */
const FAILURES_SHOWN = 50;

export async function listNotificationFailures(
  ctx: AppContext,
  me: Actor,
): Promise<{ items: NotificationDelivery[] }> {
  const rows = await notificationsRepository.failures(ctx.db, me.id, FAILURES_SHOWN);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      channel: row.channel as NotificationChannel,
      title: (row.payload as OutboxPayload).title,
      status: row.status,
      attempts: row.attempts,
      last_error: row.lastError,
      created_at: row.createdAt.toISOString(),
      next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    })),
  };
}

export async function retryNotificationDelivery(ctx: AppContext, me: Actor, id: number): Promise<void> {
  if (!(await notificationsRepository.requeue(ctx.db, me.id, id))) {
    throw new AppError('NOTIFICATION_DELIVERY_NOT_FOUND');
  }
}

/** A test notice on every channel the account can be reached on, through the outbox like any other. */
export async function sendTestNotice(
  ctx: AppContext,
  me: Actor,
): Promise<{ channels: NotificationChannel[] }> {
  const notified = await ctx.db.transaction((tx) => notify(ctx, tx, me.id, { kind: 'test', params: {} }));
  await announceNotices(ctx, notified);
  return { channels: notified.channels };
}
