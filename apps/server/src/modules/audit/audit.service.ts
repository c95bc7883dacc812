import {
  AUDIT_SECRET_CHANGED,
  csvRecord,
  type AuditAction,
  type AuditEntityType,
  type AuditEntry,
  type AuditFilter,
  type AuditListQuery,
  type AuditValues,
  type ListResponse,
} from '@linedesk/shared';
import { isDeepStrictEqual } from 'node:util';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { toAuditEntry } from './audit-mapper.js';
import { auditRepository, type AuditRow, type AuditScope } from './audit.repository.js';

/** Fields whose values never reach the log; a change to one is recorded as "changed". */
const SECRET_FIELDS = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'passwordEncrypted',
  'password_encrypted',
  'key',
  'keyHash',
  'key_hash',
  'code',
  'codeHash',
  'code_hash',
  'token',
  'secret',
  // A payment method's keys, as sealed: the log shows that one was replaced, never either value.
  'secret_key',
  'webhook_secret',
  'api_key',
]);
/** Bookkeeping that changes with every write and says nothing about what an admin changed. */
const IGNORED_FIELDS = new Set(['updated_at', 'updatedAt']);

export type AuditSubject = {
  action: AuditAction;
  /** The account the action was about (its email is looked up when not given). */
  target?: { id: string; email?: string | null } | null;
  /** A changed row that is not an account: a server, a package, a setting's key. */
  entity?: { type: AuditEntityType; id: string | number } | null;
};

export type AuditRecord = AuditSubject & { before?: AuditValues | null; after?: AuditValues | null };

function plain(values: AuditValues | null | undefined): AuditValues | null {
  if (!values) return null;
  const json = JSON.parse(JSON.stringify(values)) as AuditValues;
  for (const field of IGNORED_FIELDS) delete json[field];
  return json;
}

/**
 * Keeps what changed: on an update only the fields whose values differ, on a create or delete the
 * whole row. Secrets become "changed" on the side that has them.
 */
export function auditDiff(
  beforeValues: AuditValues | null | undefined,
  afterValues: AuditValues | null | undefined,
): { before: AuditValues | null; after: AuditValues | null } {
  const before = plain(beforeValues);
  const after = plain(afterValues);
  const keep = (values: AuditValues | null, other: AuditValues | null): AuditValues | null => {
    if (!values) return null;
    const out: AuditValues = {};
    for (const [field, value] of Object.entries(values)) {
      if (other && isDeepStrictEqual(value, other[field])) continue;
      // A field only one side has, empty there (a transfer without a note), changed nothing.
      if (other && !(field in other) && (value === null || value === undefined)) continue;
      if (SECRET_FIELDS.has(field)) {
        if (value !== null && value !== undefined) out[field] = AUDIT_SECRET_CHANGED;
      } else {
        out[field] = value ?? null;
      }
    }
    return out;
  };
  return { before: keep(before, after), after: keep(after, before) };
}

/** The before/after of a secret that changed (a password): the log shows "changed" on both sides. */
export function secretChanged(field: string): { before: AuditValues; after: AuditValues } {
  return { before: { [field]: 'old' }, after: { [field]: 'new' } };
}

/**
 * Writes one audit entry with `db`, which must be the transaction that made the change, so the entry
 * exists exactly when the change does. `actor` null: the panel itself acted on a provider's word (a
 * payment provider's refund or chargeback).
 */
export async function recordAudit(
  db: Db,
  actor: Pick<Actor, 'id' | 'email' | 'apiKeyId' | 'ip'> | null,
  record: AuditRecord,
): Promise<void> {
  const { before, after } = auditDiff(record.before, record.after);
  const target = record.target ?? null;
  await auditRepository.insert(db, {
    action: record.action,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    apiKeyId: actor?.apiKeyId ?? null,
    targetAccountId: target?.id ?? null,
    targetEmail: target ? (target.email ?? (await auditRepository.emailOf(db, target.id))) : null,
    entityType: record.entity?.type ?? null,
    entityId: record.entity ? String(record.entity.id) : null,
    before,
    after,
    ip: actor?.ip ?? null,
  });
}

/**
 * Runs `change` in a transaction with one audit entry: `read` takes the row's values before and after
 * (given the change's result, for a create). Nothing is recorded when there was no row on either side
 * (not found) or nothing changed (a refused delete, an edit to the same values).
 */
export function audited<T>(
  ctx: AppContext,
  actor: Actor,
  subject: {
    /** Or chosen from what changed (an account edit that bans is "account.ban"). */
    action: AuditAction | ((before: AuditValues | null, after: AuditValues | null) => AuditAction);
    target?: AuditSubject['target'] | ((result: T) => AuditSubject['target']);
    entity?: AuditSubject['entity'] | ((result: T) => AuditSubject['entity']);
    read: (db: Db, result: T | undefined) => Promise<AuditValues | null | undefined>;
  },
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const before = plain(await subject.read(tx, undefined));
    const result = await change(tx);
    const after = plain(await subject.read(tx, result));
    if ((before || after) && !isDeepStrictEqual(before, after)) {
      await recordAudit(tx, actor, {
        action: typeof subject.action === 'function' ? subject.action(before, after) : subject.action,
        target: typeof subject.target === 'function' ? subject.target(result) : subject.target,
        entity: typeof subject.entity === 'function' ? subject.entity(result) : subject.entity,
        before,
        after,
      });
    }
    return result;
  });
}

/** An account's audited fields, for `audited`'s `read`. */
export function accountValues(db: Db, accountId: string): Promise<AuditValues | null> {
  return auditRepository.accountValues(db, accountId);
}

/** The action of an account edit, from what it changed. */
export function accountEditAction(before: AuditValues | null, after: AuditValues | null): AuditAction {
  if (before?.banned !== after?.banned) return after?.banned ? 'account.ban' : 'account.unban';
  if (before?.group_id !== after?.group_id) return 'account.group';
  return 'account.update';
}

/** Admins read every entry; a reseller only entries about its own sub-accounts. */
function scopeOf(reader: Actor): { reader: Actor; scope: AuditScope } {
  return { reader, scope: { ownerId: reader.isAdmin ? null : reader.id } };
}

/** An admin's address is not a reseller's business; its own actions keep theirs. */
function forReader(reader: Actor, row: AuditRow): AuditEntry {
  const entry = toAuditEntry(row);
  if (!reader.isAdmin && row.actorId !== reader.id) entry.ip = null;
  return entry;
}

export async function listAuditLog(
  ctx: AppContext,
  actor: Actor,
  query: AuditListQuery,
): Promise<ListResponse<AuditEntry>> {
  const { reader, scope } = scopeOf(actor);
  const found = await auditRepository.list(ctx.db, scope, query, pageWindow(query));
  return pageOf(query, found, (r) => forReader(reader, r));
}

export const AUDIT_CSV_HEADER = [
  'time',
  'action',
  'actor',
  'target',
  'entity',
  'before',
  'after',
  'ip',
] as const;
const EXPORT_BATCH = 1000;

/** The filtered log as CSV records (header first), read in batches so a long log streams. */
export async function exportAuditCsv(
  ctx: AppContext,
  actor: Actor,
  filter: AuditFilter,
): Promise<AsyncIterable<string>> {
  const { reader, scope } = scopeOf(actor);
  async function* records() {
    yield csvRecord(AUDIT_CSV_HEADER);
    let beforeId: number | undefined;
    for (;;) {
      const rows = await auditRepository.batch(ctx.db, scope, filter, beforeId, EXPORT_BATCH);
      for (const row of rows) {
        const e = forReader(reader, row);
        yield csvRecord([
          e.created_at,
          e.action,
          e.actor_email ?? e.actor_id,
          e.target_email ?? e.target_account_id,
          e.entity_type ? `${e.entity_type}:${e.entity_id ?? ''}` : null,
          e.before ? JSON.stringify(e.before) : null,
          e.after ? JSON.stringify(e.after) : null,
          e.ip,
        ]);
      }
      if (rows.length < EXPORT_BATCH) return;
      beforeId = rows[rows.length - 1]!.id;
    }
  }
  return records();
}
