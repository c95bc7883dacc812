import { z } from 'zod';
import { isoDaySchema as isoDay, text } from './schema-blocks.js';

/**
 * What an audit entry records. Each administrative action writes exactly one entry, in the same
 * transaction as the change it describes.
 */
export const auditActions = [
  'credits.add',
  'credits.set',
  'credits.transfer',
  'account.create',
  'account.update',
  'account.group',
  'account.ban',
  'account.unban',
  'password.change',
  'sessions.end',
  'session.end',
  'api_key.create',
  'api_key.revoke',
  'server.create',
  'server.update',
  'server.delete',
  'server.install_command',
  // An admin started moving lines to this server (`/api/lines/server-move`).
  'server.move_lines',
  // An admin gave a server a standby, changed it or took it away (docs/standby.md).
  'server.standby',
  'credit_package.create',
  'credit_package.update',
  'credit_package.delete',
  'payment_method.create',
  'payment_method.update',
  'payment_method.delete',
  // A payment provider took a credited top-up back (refund, chargeback), or gave a chargeback back.
  'topup.reversed',
  'topup.reinstated',
  // An admin undid a manual top-up approval: its credits were taken back.
  'topup.revoked',
  'line_plan.create',
  'line_plan.update',
  // An account's own prices or limits, set by an admin or its parent reseller.
  'account.prices',
  'account.limits',
  // An admin gave an account a staff role (or took it away), or changed its scope.
  'account.staff',
  // A staff member acted as an admin (one entry per change it made, with the operation and its row).
  'staff.action',
  'redeem_code.create',
  'redeem_code.update',
  'redeem_code.delete',
  'group.create',
  'group.update',
  'group.delete',
  // A tier's (group's) price list, set by an admin.
  'group.prices',
  'setting.update',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The kinds of rows other than accounts an entry can be about. */
export const auditEntityTypes = [
  'server',
  'credit_package',
  'payment_method',
  'topup_request',
  'line_plan',
  'redeem_code',
  'group',
  'setting',
  'api_key',
] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

/** What a secret's before/after value shows: that it changed, never the value. */
export const AUDIT_SECRET_CHANGED = 'changed';

export type AuditValues = Record<string, unknown>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.enum(auditActions),
  actor_id: text().nullable(),
  actor_email: text().nullable(),
  /** Set when the action came with an API key rather than a browser session. */
  api_key_id: text().nullable(),
  target_account_id: text().nullable(),
  target_email: text().nullable(),
  /** The changed row's kind and id when it is not an account (a server, a package, a setting's key). */
  entity_type: z.enum(auditEntityTypes).nullable(),
  entity_id: text().nullable(),
  /** Only the fields that changed; secrets appear as "changed". */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: text().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Filters of the audit log and its CSV export; `from`/`to` are whole days (UTC), both included. */
export const auditFilterSchema = z.object({
  /** An actor's email (part of it) or account id. */
  actor: text().trim().max(200).optional(),
  /** A target account's email (part of it) or account id. */
  target: text().trim().max(200).optional(),
  action: z.enum(auditActions).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = auditFilterSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
