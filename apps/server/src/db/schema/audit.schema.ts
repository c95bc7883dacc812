import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Administrative actions with the values before and after (secrets only as "changed"). Append-only:
 * a trigger from the migration refuses UPDATE and DELETE. No foreign keys on purpose: an entry names
 * its actor and target by id and by the email they had, and outlives them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    apiKeyId: text('api_key_id'),
    targetAccountId: text('target_account_id'),
    targetEmail: text('target_email'),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetAccountId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);
