import type { AuditFilter } from '@linedesk/shared';
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, authUsers } from '../../db/schema.js';
import { pageAndTotal } from '../../db/one-snapshot.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** Which entries a reader may see: all (admins) or those about accounts one owns (resellers). */
export type AuditScope = { ownerId: string | null };

function like(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

function whereOf(scope: AuditScope, filter: AuditFilter, beforeId?: number): SQL | undefined {
  const filters: SQL[] = [];
  if (scope.ownerId !== null) {
    filters.push(
      sql`${auditLog.targetAccountId} in (select "id" from "auth_users" where "owner_id" = ${scope.ownerId})`,
    );
  }
  if (filter.actor) {
    filters.push(
      or(eq(auditLog.actorId, filter.actor), ilike(auditLog.actorEmail, like(filter.actor))) as SQL,
    );
  }
  if (filter.target) {
    filters.push(
      or(
        eq(auditLog.targetAccountId, filter.target),
        ilike(auditLog.targetEmail, like(filter.target)),
      ) as SQL,
    );
  }
  if (filter.action) filters.push(eq(auditLog.action, filter.action));
  if (filter.from) filters.push(gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) filters.push(lt(auditLog.createdAt, nextDay(filter.to)));
  if (beforeId !== undefined) filters.push(lt(auditLog.id, beforeId));
  return filters.length ? and(...filters) : undefined;
}

/** Insert and read only: the table refuses UPDATE and DELETE, and nothing here asks for them. */
export const auditRepository = {
  async insert(db: Db, row: NewAuditRow): Promise<void> {
    await db.insert(auditLog).values(row);
  },
  async emailOf(db: Db, accountId: string): Promise<string | null> {
    const [row] = await db
      .select({ email: authUsers.email })
      .from(authUsers)
      .where(eq(authUsers.id, accountId));
    return row?.email ?? null;
  },
  /** What an account edit can change, as the audit log shows it. */
  async accountValues(db: Db, accountId: string): Promise<Record<string, unknown> | null> {
    const [row] = await db
      .select({
        email: authUsers.email,
        full_name: authUsers.name,
        notes: authUsers.notes,
        group_id: authUsers.groupId,
        is_admin: authUsers.isAdmin,
        banned: authUsers.banned,
        owner_id: authUsers.ownerId,
      })
      .from(authUsers)
      .where(eq(authUsers.id, accountId));
    return row ?? null;
  },
  async list(
    db: Db,
    scope: AuditScope,
    filter: AuditFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = whereOf(scope, filter);
    return pageAndTotal(
      db,
      (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(page.limit)
          .offset(page.offset),
      (tx) =>
        tx
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(where),
    );
  },
  /** One batch of the export, newest first, continuing below `beforeId` (keyset, so no OFFSET scans). */
  async batch(db: Db, scope: AuditScope, filter: AuditFilter, beforeId: number | undefined, limit: number) {
    return db
      .select()
      .from(auditLog)
      .where(whereOf(scope, filter, beforeId))
      .orderBy(desc(auditLog.id))
      .limit(limit);
  },
};
