import { z } from 'zod';
import { parseHostPort } from './connection-line.js';
import { connectionLine, lineStatuses } from './line.js';
import { DEFAULT_NEWCAMD_DES_KEY, isNewcamdDesKey, normalizeNewcamdDesKey } from './newcamd-des-key.js';
import { text } from './schema-blocks.js';

/**
 * The customer portal (`/my`): a line's customer signs in with the line's own username and password,
 * sees its status, connection lines and receiver settings, renews it with an activation code and
 * changes its password. A reseller may turn it off for all of their customers.
 */

export const portalSignInBodySchema = z.object({
  username: text().trim().min(1, { error: 'PORTAL_INVALID_CREDENTIALS' }).max(64, {
    error: 'PORTAL_INVALID_CREDENTIALS',
  }),
  password: text().min(1, { error: 'PORTAL_INVALID_CREDENTIALS' }).max(64, {
    error: 'PORTAL_INVALID_CREDENTIALS',
  }),
});
export type PortalSignInBody = z.infer<typeof portalSignInBodySchema>;

/** Ready-made settings for a common receiver, one text block each. */
export const receiverSettingKinds = ['cccam_line', 'newcamd_line', 'oscam_cccam', 'oscam_newcamd'] as const;
export type ReceiverSettingKind = (typeof receiverSettingKinds)[number];

export const receiverSettingSchema = z.object({ kind: z.enum(receiverSettingKinds), text: text() });
export type ReceiverSetting = z.infer<typeof receiverSettingSchema>;
/** How far ahead a customer's freeze may start. */
export const FREEZE_REQUEST_MAX_START_DAYS = 60;

/**
 * A customer's ask for a freeze (a holiday): from `starts_on` (YYYY-MM-DD, today or later) for
 * `days` days, within the admin's longest freeze. Its owner approves it (the panel's freeze, from the
 * day it is approved) or refuses it.
 */
export const portalFreezeRequestBodySchema = z.object({
  starts_on: z.iso.date({ error: 'PORTAL_FREEZE_INVALID' }),
  days: z
    .number({ error: 'PORTAL_FREEZE_INVALID' })
    .int({ error: 'PORTAL_FREEZE_INVALID' })
    .min(1, { error: 'PORTAL_FREEZE_INVALID' })
    .max(365, { error: 'PORTAL_FREEZE_INVALID' }),
});
export type PortalFreezeRequestBody = z.infer<typeof portalFreezeRequestBodySchema>;

export const freezeRequestSchema = z.object({
  line_id: z.number().int(),
  requested_at: text(),
  starts_on: text(),
  days: z.number().int(),
  /**
   * null while open; `scheduled`: approved for its later start day, the line freezes then
   * (`approved`), or could not be frozen that day (`failed`).
   */
  decision: z.enum(['approved', 'refused', 'scheduled', 'failed']).nullable(),
  decided_at: text().nullable(),
});
export type FreezeRequest = z.infer<typeof freezeRequestSchema>;

/**
 * A line's customer ask for a freeze as its line page shows it: open (waiting for the owner's
 * answer) or scheduled (approved for a later start day, not started yet); null when neither.
 */
export const lineFreezeRequestSchema = z.object({ request: freezeRequestSchema.nullable() });
export type LineFreezeRequest = z.infer<typeof lineFreezeRequestSchema>;

export const portalMeSchema = z.object({
  username: text(),
  /** The line's own credential: the customer needs it in the receiver, it is in every `C:` line. */
  password: text(),
  status: z.enum(lineStatuses),
  expiry_date: text(),
  /** Days until the expiry date (0 on the day, negative once expired). */
  days_left: z.number().int(),
  is_trial: z.boolean(),
  server_name: text().nullable(),
  protocol: text().nullable(),
  /** What the line includes: its packages by the names its server gives them (never numbers). */
  packages: z.array(text()),
  /** One per address of the line (`C:` or `N:` by its server's protocol). */
  connection_lines: z.array(text()),
  receiver_settings: z.array(receiverSettingSchema),
  online: z.boolean(),
  /** Where the line is connected from now, as its server last reported. */
  connections: z.array(z.object({ ip: text(), connected_since: text().nullable() })),
  reseller: z.object({ name: text(), contact: text() }),
  /**
   * Asking for a freeze: the longest freeze the customer may ask for and their last ask (open, or
   * how it was answered); null while freezing is off on the panel.
   */
  freeze: z
    .object({ max_days: z.number().int(), request: freezeRequestSchema.nullable() })
    .nullable()
    .optional(),
});
export type PortalMe = z.infer<typeof portalMeSchema>;

/**
 * Activate a code in the portal: signed out it makes a new line (username and password chosen, or
 * generated) and signs its customer in; signed in it renews the customer's line.
 */
export const portalActivateBodySchema = z.object({
  code: text()
    .trim()
    .min(1, { error: 'ACTIVATION_CODE_NOT_FOUND' })
    .max(64, { error: 'ACTIVATION_CODE_NOT_FOUND' }),
  username: text().max(64).nullish(),
  password: text().max(64).nullish(),
});
export type PortalActivateBody = z.infer<typeof portalActivateBodySchema>;

export const portalActivateResultSchema = z.object({
  action: z.enum(['created', 'renewed']),
  me: portalMeSchema,
});
export type PortalActivateResult = z.infer<typeof portalActivateResultSchema>;

export const portalPasswordBodySchema = z.object({
  current_password: text().max(64),
  new_password: text().max(64),
});
export type PortalPasswordBody = z.infer<typeof portalPasswordBodySchema>;

/** The most days before expiry a customer can be reminded. */
export const MAX_CUSTOMER_REMINDER_DAYS = 30;

const customerReminderDaysSchema = z
  .number()
  .int()
  .min(0, { error: 'PORTAL_REMINDER_DAYS_INVALID' })
  .max(MAX_CUSTOMER_REMINDER_DAYS, { error: 'PORTAL_REMINDER_DAYS_INVALID' });

/**
 * A reseller's settings for their customers: the portal on or off, the contact shown there, and how
 * many days before a line expires its customer (a line with an email) is mailed a reminder (0: never).
 */
export const portalSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Shown to the customers as how to reach their reseller; the account's email when empty. */
  contact: text().trim().max(200),
  customer_reminder_days: customerReminderDaysSchema,
});
export type PortalSettings = z.infer<typeof portalSettingsSchema>;

/** What a reseller sends: the reminder days may be left out (kept as they are). */
export const portalSettingsBodySchema = portalSettingsSchema.extend({
  customer_reminder_days: customerReminderDaysSchema.optional(),
});
export type PortalSettingsBody = z.infer<typeof portalSettingsBodySchema>;

/** The settings as answered, with where the customers find the portal. */
export const portalSettingsAnswerSchema = portalSettingsSchema.extend({
  /** The portal's public address (the panel's `PUBLIC_URL` and `/my`): printed and shared with codes. */
  address: text(),
});
export type PortalSettingsAnswer = z.infer<typeof portalSettingsAnswerSchema>;

/** A customer asked their reseller to renew the line; the next ask is possible from `next_request_at`. */
export const portalRenewalRequestResultSchema = z.object({
  requested_at: text(),
  next_request_at: text(),
});
export type PortalRenewalRequestResult = z.infer<typeof portalRenewalRequestResultSchema>;

/** A customer's ask to renew, dismissed by the reseller from the to-do list. */
export const renewalRequestDismissedSchema = z.object({
  line_id: z.number().int(),
  dismissed: z.literal(true),
});
export type RenewalRequestDismissed = z.infer<typeof renewalRequestDismissedSchema>;

export const portalSignOutResultSchema = z.object({ message: text() });

type ReceiverServer = { host: string; port: number; protocol: string; newcamdDesKey: string | null };

/** `[reader]` label: letters, digits, dash and underscore only, as oscam.server labels are kept. */
function readerLabel(username: string): string {
  return username.replace(/[^A-Za-z0-9_-]/g, '_') || 'linedesk';
}

/**
 * The settings a customer pastes into common receivers, for every address of the line (a server
 * with a standby gives its lines the standby's address too, docs/standby.md: a receiver holding both
 * keeps watching from the standby while the server is down): the `C:` lines and an OSCam `[reader]`
 * (protocol cccam) per address for a CCcam server; the `N:` lines with the server's DES key and an
 * OSCam newcamd reader per address for a NewCamd server. Empty when the line has no address.
 */
export function receiverSettings(
  line: { username: string; password: string; hostPort: readonly string[] },
  protocol: string | null,
  newcamdDesKey: string | null,
): ReceiverSetting[] {
  const addresses = line.hostPort.map(parseHostPort).filter((parsed) => parsed !== null);
  if (addresses.length === 0) return [];
  const servers: ReceiverServer[] = addresses.map((address) => ({
    host: address.host,
    port: address.port,
    protocol: protocol ?? 'CCcam',
    newcamdDesKey,
  }));
  const newcamd = (protocol ?? 'CCcam') === 'NewCamd';
  const lineText = servers
    .map((server) =>
      connectionLine(
        {
          host_ip: server.host,
          port: server.port,
          protocol: server.protocol,
          newcamd_des_key: newcamdDesKey,
        },
        line,
      ),
    )
    .join('\n');
  const key =
    newcamdDesKey && isNewcamdDesKey(newcamdDesKey)
      ? normalizeNewcamdDesKey(newcamdDesKey)
      : DEFAULT_NEWCAMD_DES_KEY;
  const extra = newcamd
    ? [`key = ${key}`, 'group = 1']
    : ['cccversion = 2.3.2', 'ccckeepalive = 1', 'inactivitytimeout = 1', 'group = 1'];
  // Each reader needs a label of its own: the second and later get "_2", "_3"….
  const readers = servers
    .map((server, index) =>
      [
        '[reader]',
        `label = ${readerLabel(line.username)}${index === 0 ? '' : `_${index + 1}`}`,
        `protocol = ${newcamd ? 'newcamd' : 'cccam'}`,
        `device = ${server.host},${server.port}`,
        `user = ${line.username}`,
        `password = ${line.password}`,
        ...extra,
      ].join('\n'),
    )
    .join('\n\n');
  return newcamd
    ? [
        { kind: 'newcamd_line', text: lineText },
        { kind: 'oscam_newcamd', text: readers },
      ]
    : [
        { kind: 'cccam_line', text: lineText },
        { kind: 'oscam_cccam', text: readers },
      ];
}

/** The line's connection line for each of its addresses (`C:` or `N:` by its server's protocol). */
export function portalConnectionLines(
  line: { username: string; password: string; hostPort: readonly string[] },
  protocol: string | null,
  newcamdDesKey: string | null,
): string[] {
  return line.hostPort
    .map(parseHostPort)
    .filter((parsed) => parsed !== null)
    .map((parsed) =>
      connectionLine(
        {
          host_ip: parsed.host,
          port: parsed.port,
          protocol: protocol ?? 'CCcam',
          newcamd_des_key: newcamdDesKey,
        },
        line,
      ),
    );
}
