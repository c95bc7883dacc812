import type { RedeemCode, RedeemCodeListQuery } from '@linedesk/shared';
import { and, asc, count, desc, eq, gte, ilike, min, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, redeemCodeHistory, redeemCodes } from '../../db/schema.js';
import { pageAndTotal } from '../../db/one-snapshot.js';

export type CodeRow = typeof redeemCodes.$inferSelect & { createdByEmail: string | null };
type Status = RedeemCode['status'];

export type HistoryRow = typeof redeemCodeHistory.$inferSelect & { userEmail: string | null };

const notExpired = sql`(${redeemCodes.expiresAt} is null or ${redeemCodes.expiresAt} > now())`;
const statusFilter: Record<Status, SQL> = {
  inactive: sql`not ${redeemCodes.isActive}`,
  expired: sql`${redeemCodes.isActive} and ${redeemCodes.expiresAt} <= now()`,
  used_up: sql`${redeemCodes.isActive} and ${notExpired} and ${redeemCodes.timesUsed} >= ${redeemCodes.maxUses}`,
  valid: sql`${redeemCodes.isActive} and ${notExpired} and ${redeemCodes.timesUsed} < ${redeemCodes.maxUses}`,
};

const codeColumns = {
  id: redeemCodes.id,
  codeHash: redeemCodes.codeHash,
  codeHint: redeemCodes.codeHint,
  credits: redeemCodes.credits,
  description: redeemCodes.description,
  isActive: redeemCodes.isActive,
  createdBy: redeemCodes.createdBy,
  createdAt: redeemCodes.createdAt,
  maxUses: redeemCodes.maxUses,
  timesUsed: redeemCodes.timesUsed,
  expiresAt: redeemCodes.expiresAt,
  createdByEmail: authUsers.email,
};

const sortable = {
  created_at: redeemCodes.createdAt,
  credits: redeemCodes.credits,
  times_used: redeemCodes.timesUsed,
  expires_at: redeemCodes.expiresAt,
} as const;

export type NewRedeemCode = {
  codeHash: string;
  codeHint: string;
  credits: number;
  description: string | null;
  maxUses: number;
  expiresAt: Date | null;
  createdBy: string;
};

export const redeemRepository = {
  /** Inserts what it can; a (practically impossible) hash collision is skipped and reported by hash. */
  async insertCodes(db: Db, rows: NewRedeemCode[]): Promise<Map<string, number>> {
    const inserted = await db
      .insert(redeemCodes)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: redeemCodes.id, codeHash: redeemCodes.codeHash });
    return new Map(inserted.map((r) => [r.codeHash, r.id]));
  },
  async findById(db: Db, id: number): Promise<CodeRow | undefined> {
    const [row] = await db
      .select(codeColumns)
      .from(redeemCodes)
      .leftJoin(authUsers, eq(authUsers.id, redeemCodes.createdBy))
      .where(eq(redeemCodes.id, id));
    return row;
  },
  async findByHash(db: Db, codeHash: string) {
    const [row] = await db.select().from(redeemCodes).where(eq(redeemCodes.codeHash, codeHash));
    return row;
  },
  async list(db: Db, query: RedeemCodeListQuery): Promise<{ rows: CodeRow[]; total: number }> {
    const filters: SQL[] = [];
    if (query.status) filters.push(statusFilter[query.status]);
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(or(ilike(redeemCodes.description, pattern), ilike(redeemCodes.codeHint, pattern)) as SQL);
    }
    const where = filters.length ? and(...filters) : undefined;
    const column = sortable[query.sort ?? 'created_at'];
    return pageAndTotal(
      db,
      (tx) =>
        tx
          .select(codeColumns)
          .from(redeemCodes)
          .leftJoin(authUsers, eq(authUsers.id, redeemCodes.createdBy))
          .where(where)
          .orderBy(query.order === 'asc' ? asc(column) : desc(column), desc(redeemCodes.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
      (tx) => tx.select({ n: count() }).from(redeemCodes).where(where),
    );
  },
  async update(
    db: Db,
    id: number,
    patch: Partial<{ isActive: boolean; description: string | null; expiresAt: Date | null }>,
  ): Promise<boolean> {
    const rows = await db
      .update(redeemCodes)
      .set(patch)
      .where(eq(redeemCodes.id, id))
      .returning({ id: redeemCodes.id });
    return rows.length > 0;
  },
  async delete(db: Db, id: number): Promise<boolean> {
    const rows = await db.delete(redeemCodes).where(eq(redeemCodes.id, id)).returning({ id: redeemCodes.id });
    return rows.length > 0;
  },

  /**
   * Claims the one success row of (code, user) first: a concurrent second attempt by the same user
   * waits on the unique index and then finds it taken. Returns false when it was already taken.
   */
  async claimSuccess(
    tx: Db,
    entry: { codeId: number; code: string; credits: number; userId: string },
  ): Promise<number | null> {
    const [row] = await tx
      .insert(redeemCodeHistory)
      .values({ ...entry, status: 'success' })
      .onConflictDoNothing()
      .returning({ id: redeemCodeHistory.id });
    return row?.id ?? null;
  },
  /**
   * The conditional UPDATE that spends one use: concurrent redemptions queue on the row lock and each
   * re-checks the condition, so a single-use code is used exactly once. Null when it is not valid.
   */
  async useOnce(tx: Db, codeId: number): Promise<{ credits: number } | null> {
    const [row] = await tx
      .update(redeemCodes)
      .set({ timesUsed: sql`${redeemCodes.timesUsed} + 1` })
      .where(
        and(
          eq(redeemCodes.id, codeId),
          eq(redeemCodes.isActive, true),
          notExpired,
          sql`${redeemCodes.timesUsed} < ${redeemCodes.maxUses}`,
        ),
      )
      .returning({ credits: redeemCodes.credits });
    return row ?? null;
  },
  async recordFailure(
    db: Db,
    entry: { codeId: number | null; code: string; userId: string; errorCode: string },
  ): Promise<void> {
    await db.insert(redeemCodeHistory).values({ ...entry, credits: 0, status: 'error' });
  },
  /** The account's failed redeems since `since`: how many, and when the oldest was. */
  async failuresSince(db: Db, userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await db
      .select({ n: count(), oldest: min(redeemCodeHistory.redeemedAt) })
      .from(redeemCodeHistory)
      .where(
        and(
          eq(redeemCodeHistory.userId, userId),
          eq(redeemCodeHistory.status, 'error'),
          gte(redeemCodeHistory.redeemedAt, since),
        ),
      );
    return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
  },
  async history(
    db: Db,
    input: { userId?: string; status?: 'success' | 'error'; limit: number; offset: number },
  ): Promise<{ rows: HistoryRow[]; total: number }> {
    const filters: SQL[] = [];
    if (input.userId) filters.push(eq(redeemCodeHistory.userId, input.userId));
    if (input.status) filters.push(eq(redeemCodeHistory.status, input.status));
    const where = filters.length ? and(...filters) : undefined;
    return pageAndTotal(
      db,
      (tx) =>
        tx
          .select({
            id: redeemCodeHistory.id,
            codeId: redeemCodeHistory.codeId,
            code: redeemCodeHistory.code,
            credits: redeemCodeHistory.credits,
            userId: redeemCodeHistory.userId,
            userEmail: authUsers.email,
            redeemedAt: redeemCodeHistory.redeemedAt,
            status: redeemCodeHistory.status,
            errorCode: redeemCodeHistory.errorCode,
          })
          .from(redeemCodeHistory)
          .leftJoin(authUsers, eq(authUsers.id, redeemCodeHistory.userId))
          .where(where)
          .orderBy(desc(redeemCodeHistory.redeemedAt), desc(redeemCodeHistory.id))
          .limit(input.limit)
          .offset(input.offset),
      (tx) => tx.select({ n: count() }).from(redeemCodeHistory).where(where),
    );
  },
};
