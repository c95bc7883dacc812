import { z } from 'zod';
import { INT4_MAX, text } from './schema-blocks.js';

/** What the panel tells people about; each can be switched on or off per channel. */
export const notificationKinds = [
  'lines_expiring',
  'sharing_detected',
  /** A line was used from outside its lock (docs/locks.md): to its owner, once per episode. */
  'lock_violation',
  /** A plan's sharing step `warn` (docs/sharing-score.md, "Steps"): to the line's owner. */
  'sharing_step',
  'server_down',
  'server_up',
  'topup_credited',
  'topup_rejected',
  'topup_reversed',
  /** A provider says a top-up was paid that nothing credited (to admins and its requester). */
  'topup_needs_attention',
  'ticket_answered',
  'balance_low',
  'activation_code_used',
  'renewal_requested',
  /** A customer's freeze, approved for a later day, could not happen on that day: to the line's owner. */
  'freeze_not_started',
  /** An admin moved lines to another server and their connection lines changed. */
  'line_moved',
  /**
   * An admin promoted a server's standby: the lines now run on it, and the customers, whose receivers
   * have its connection line already, have nothing to do. To each owner of those lines, once.
   */
  'standby_promoted',
  /** A reconcile would have removed many users from a server and waits for an admin to confirm. */
  'reconcile_held',
  /** A line's server refused it for good: what it cost was given back. */
  'line_refused',
  /** Someone created an account on the sign-up page while it is open: to every admin. */
  'account_signed_up',
  /** A server's CPU, memory, disk or client count stayed over its threshold (load alerts): to admins. */
  'server_load_high',
  /** That metric is below its threshold again. */
  'server_load_normal',
  /** A server's outage began or ended (docs/outages.md): to the admins and the affected lines' owners. */
  'outage_started',
  'outage_ended',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The ways a notice reaches its account. Telegram is delivered once the account has linked a chat. */
export const notificationChannels = ['in_app', 'email', 'webhook', 'telegram'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * Whether a kind goes to a channel when the account never chose: every kind on every channel the
 * account has set up (in-app and email as before; a webhook or a Telegram chat only once configured).
 */
export function notificationDefault(_kind: NotificationKind, _channel: NotificationChannel): boolean {
  return true;
}

const channelSwitchesSchema = z.object({
  in_app: z.boolean(),
  email: z.boolean(),
  webhook: z.boolean(),
  telegram: z.boolean(),
});

export const notificationPreferencesSchema = z.object({
  kinds: z.array(z.object({ kind: z.enum(notificationKinds), channels: channelSwitchesSchema })),
  /** A notice when a debit takes the balance below this; null = never. */
  balance_threshold: z.number().int().min(0).max(INT4_MAX).nullable(),
  /** Which channels can deliver now: email needs SMTP, the webhook a URL, Telegram a linked chat. */
  ready: channelSwitchesSchema,
  webhook_url: text().nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesSchema = z.object({
  switches: z
    .array(
      z.object({
        kind: z.enum(notificationKinds),
        channel: z.enum(notificationChannels),
        enabled: z.boolean(),
      }),
    )
    .max(notificationKinds.length * notificationChannels.length)
    // Two switches of one kind and channel are two answers to one question (and one upsert cannot
    // write the same row twice): the caller is told rather than one of them silently winning.
    .refine((switches) => new Set(switches.map((s) => `${s.kind}:${s.channel}`)).size === switches.length, {
      error: 'NOTIFICATION_SWITCH_REPEATED',
    })
    .optional(),
  balance_threshold: z.number().int().min(0).max(INT4_MAX).nullable().optional(),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

export const webhookUrlBodySchema = z.object({
  url: text()
    .max(2000)
    .refine((value) => URL.canParse(value), { error: 'WEBHOOK_URL_INVALID' }),
});
export type WebhookUrlBody = z.infer<typeof webhookUrlBodySchema>;

export const webhookSetupSchema = z.object({
  url: text(),
  /** The signing secret, shown only when it was just made (first setup or rotation); null after. */
  secret: text().nullable(),
});
export type WebhookSetup = z.infer<typeof webhookSetupSchema>;

export const webhookSecretSchema = z.object({ secret: text() });

export const webhookTestResultSchema = z.object({ status: z.number().int() });
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

export const notificationTestResultSchema = z.object({
  /** The channels the test notice was queued on. */
  channels: z.array(z.enum(notificationChannels)),
});

export const notificationDeliveryStatuses = ['pending', 'delivered', 'dead'] as const;

/** A notice on one channel that has failed at least once (retrying) or for good (dead). */
export const notificationDeliverySchema = z.object({
  id: z.number().int(),
  kind: text(),
  channel: z.enum(notificationChannels),
  title: text(),
  status: z.enum(notificationDeliveryStatuses),
  attempts: z.number().int(),
  last_error: text().nullable(),
  created_at: text(),
  next_attempt_at: text().nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

export const notificationDeliveryListSchema = z.object({ items: z.array(notificationDeliverySchema) });
