import type { ActivationCodeState } from '@linedesk/shared';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activationCodes, authUsers, linePlans, lines } from '../../db/schema.js';
import { pageAndTotal } from '../../db/one-snapshot.js';

export type ActivationCodeRecord = typeof activationCodes.$inferSelect;
export type ActivationCodeRow = ActivationCodeRecord & {
  ownerEmail: string | null;
  planName: string | null;
  lineUsername: string | null;
};
export type NewActivationCode = typeof activationCodes.$inferInsert;

/** The code's owner as a line's buyer: who gets the line it makes. */
export type CodeOwner = {
  id: string;
  email: string;
  isAdmin: boolean;
  groupId: number;
  ownerId: string | null;
};

const rowColumns = {
  id: activationCodes.id,
  code: activationCodes.code,
  ownerId: activationCodes.ownerId,
  planId: activationCodes.planId,
  subscriptionMonths: activationCodes.subscriptionMonths,
  isTrial: activationCodes.isTrial,
  charged: activationCodes.charged,
  state: activationCodes.state,
  validUntil: activationCodes.validUntil,
  createdAt: activationCodes.createdAt,
  activatedAt: activationCodes.activatedAt,
  lineId: activationCodes.lineId,
  voidedAt: activationCodes.voidedAt,
  ownerEmail: authUsers.email,
  planName: linePlans.name,
  lineUsername: lines.username,
};

function withNames(db: Db) {
  return db
    .select(rowColumns)
    .from(activationCodes)
    .leftJoin(authUsers, eq(authUsers.id, activationCodes.ownerId))
    .leftJoin(linePlans, eq(linePlans.id, activationCodes.planId))
    .leftJoin(lines, eq(lines.id, activationCodes.lineId));
}

export type ActivationCodeFilter = {
  /** Null: every owner's codes (admins). */
  ownerId: string | null;
  state?: ActivationCodeState;
  /** Already normalized for the code (upper-case, no dashes); matched as typed for usernames. */
  codePart?: string;
  search?: string;
};

function whereOf(filter: ActivationCodeFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.ownerId !== null) parts.push(eq(activationCodes.ownerId, filter.ownerId));
  if (filter.state) parts.push(eq(activationCodes.state, filter.state));
  if (filter.search) {
    const escape = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = [ilike(lines.username, escape(filter.search))];
    if (filter.codePart) matches.push(ilike(activationCodes.code, escape(filter.codePart)));
    parts.push(or(...matches)!);
  }
  return parts.length ? and(...parts) : undefined;
}

export const activationCodesRepository = {
  /** Inserts what it can; a (practically impossible) taken code is skipped, and its id missing. */
  async insert(tx: Db, rows: NewActivationCode[]): Promise<number[]> {
    const inserted = await tx
      .insert(activationCodes)
      .values(rows)
      .onConflictDoNothing({ target: activationCodes.code })
      .returning({ id: activationCodes.id });
    return inserted.map((row) => row.id);
  },
  async findById(db: Db, id: number): Promise<ActivationCodeRow | undefined> {
    const [row] = await withNames(db).where(eq(activationCodes.id, id));
    return row;
  },
  async findByIds(db: Db, ids: number[]): Promise<ActivationCodeRow[]> {
    if (ids.length === 0) return [];
    return withNames(db).where(inArray(activationCodes.id, ids)).orderBy(activationCodes.id);
  },
  async findByCode(db: Db, code: string): Promise<ActivationCodeRecord | undefined> {
    const [row] = await db.select().from(activationCodes).where(eq(activationCodes.code, code));
    return row;
  },
  async findOwner(db: Db, id: string): Promise<CodeOwner | undefined> {
    const [row] = await db
      .select({
        id: authUsers.id,
        email: authUsers.email,
        isAdmin: authUsers.isAdmin,
        groupId: authUsers.groupId,
        ownerId: authUsers.ownerId,
      })
      .from(authUsers)
      .where(eq(authUsers.id, id));
    return row;
  },
  async list(
    db: Db,
    filter: ActivationCodeFilter,
    window: { limit: number; offset: number },
  ): Promise<{ rows: ActivationCodeRow[]; total: number }> {
    const where = whereOf(filter);
    return pageAndTotal(
      db,
      (tx) =>
        withNames(tx)
          .where(where)
          .orderBy(desc(activationCodes.id))
          .limit(window.limit)
          .offset(window.offset),
      (tx) =>
        tx
          .select({ n: count() })
          .from(activationCodes)
          .leftJoin(lines, eq(lines.id, activationCodes.lineId))
          .where(where),
    );
  },
  /** A slice of the filter's codes after `afterId` (newest first), for the CSV. */
  async slice(db: Db, filter: ActivationCodeFilter, beforeId: number | null, limit: number) {
    const where = whereOf(filter);
    return withNames(db)
      .where(beforeId === null ? where : and(where, sql`${activationCodes.id} < ${beforeId}`))
      .orderBy(desc(activationCodes.id))
      .limit(limit);
  },
  /**
   * Takes an unused, still valid code for one activation. Concurrent activations queue on the row
   * lock and each re-checks the state after the first commits, so only one of them gets the row.
   */
  async claimUnused(tx: Db, id: number): Promise<ActivationCodeRecord | undefined> {
    const [row] = await tx
      .update(activationCodes)
      .set({ state: 'activated', activatedAt: sql`now()` })
      .where(
        and(
          eq(activationCodes.id, id),
          eq(activationCodes.state, 'unused'),
          sql`(${activationCodes.validUntil} is null or ${activationCodes.validUntil} > now())`,
        ),
      )
      .returning();
    return row;
  },
  async setLine(tx: Db, id: number, lineId: number): Promise<void> {
    await tx.update(activationCodes).set({ lineId }).where(eq(activationCodes.id, id));
  },
  /**
   * The codes activated into a line its server refused: unused again, as before their activation.
   * Run under the line's row lock, in the refusal's transaction.
   */
  async giveBackForLine(tx: Db, lineId: number): Promise<ActivationCodeRecord[]> {
    return tx
      .update(activationCodes)
      .set({ state: 'unused', activatedAt: null, lineId: null })
      .where(and(eq(activationCodes.lineId, lineId), eq(activationCodes.state, 'activated')))
      .returning();
  },
  /** Voids an unused code (guarded like the claim); undefined when it is no longer unused. */
  async voidUnused(tx: Db, id: number): Promise<ActivationCodeRecord | undefined> {
    const [row] = await tx
      .update(activationCodes)
      .set({ state: 'void', voidedAt: sql`now()` })
      .where(and(eq(activationCodes.id, id), eq(activationCodes.state, 'unused')))
      .returning();
    return row;
  },
  /**
   * Unused codes past their validity, voided at once under this transaction; rows another instance
   * is voiding are skipped (SKIP LOCKED), so each code is voided and refunded once.
   */
  async voidExpired(tx: Db, limit: number): Promise<{ id: number; ownerId: string; charged: number }[]> {
    const result = await tx.execute<{ id: number; owner_id: string; charged: number }>(sql`
      with due as (
        select id from ${activationCodes}
        where state = 'unused' and valid_until is not null and valid_until <= now()
        order by valid_until
        limit ${limit}
        for update skip locked
      )
      update ${activationCodes} c set state = 'void', voided_at = now()
      from due where c.id = due.id
      returning c.id, c.owner_id, c.charged`);
    const rows = result.rows;
    return rows.map((row) => ({ id: row.id, ownerId: row.owner_id, charged: row.charged }));
  },
};
