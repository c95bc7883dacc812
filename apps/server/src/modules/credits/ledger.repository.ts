import type { LedgerReason } from '@linedesk/shared';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { authUsers, creditLedger } from '../../db/schema.js';
import { pageAndTotal } from '../../db/one-snapshot.js';

const actor = alias(authUsers, 'ledger_actor');
const account = alias(authUsers, 'ledger_account');

const columns = {
  id: creditLedger.id,
  accountId: creditLedger.accountId,
  accountEmail: account.email,
  delta: creditLedger.delta,
  balanceAfter: creditLedger.balanceAfter,
  reason: creditLedger.reason,
  actorId: creditLedger.actorId,
  actorEmail: actor.email,
  refType: creditLedger.refType,
  refId: creditLedger.refId,
  note: creditLedger.note,
  createdAt: creditLedger.createdAt,
};

export type LedgerRow = {
  id: number;
  accountId: string;
  accountEmail: string;
  delta: number;
  balanceAfter: number;
  reason: LedgerReason;
  actorId: string | null;
  actorEmail: string | null;
  refType: string | null;
  refId: string | null;
  note: string | null;
  createdAt: Date;
};

export const ledgerRepository = {
  /** An account's balance now, as an answer shows it (0 for an account that is gone). */
  async balance(db: Db, accountId: string): Promise<{ credits: number; ownerId: string | null }> {
    const [row] = await db
      .select({ credits: authUsers.credits, ownerId: authUsers.ownerId })
      .from(authUsers)
      .where(eq(authUsers.id, accountId));
    return row ?? { credits: 0, ownerId: null };
  },
  async findById(db: Db, id: number): Promise<LedgerRow | undefined> {
    const [row] = await db
      .select(columns)
      .from(creditLedger)
      .innerJoin(account, eq(account.id, creditLedger.accountId))
      .leftJoin(actor, eq(actor.id, creditLedger.actorId))
      .where(eq(creditLedger.id, id));
    return row;
  },
  async list(
    db: Db,
    input: { accountId?: string; reason?: LedgerReason; limit: number; offset: number },
  ): Promise<{ rows: LedgerRow[]; total: number }> {
    const filters: SQL[] = [];
    if (input.accountId) filters.push(eq(creditLedger.accountId, input.accountId));
    if (input.reason) filters.push(eq(creditLedger.reason, input.reason));
    const where = filters.length ? and(...filters) : undefined;
    return pageAndTotal(
      db,
      (tx) =>
        tx
          .select(columns)
          .from(creditLedger)
          .innerJoin(account, eq(account.id, creditLedger.accountId))
          .leftJoin(actor, eq(actor.id, creditLedger.actorId))
          .where(where)
          // id breaks ties inside one transaction, where created_at is the same for every row.
          .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
          .limit(input.limit)
          .offset(input.offset),
      (tx) => tx.select({ n: count() }).from(creditLedger).where(where),
    );
  },
  /**
   * What a line still costs each account that paid for it: the net of the ledger rows booked against
   * it (charges less what was given back), per account, where that is a cost.
   */
  async lineChargesOwed(db: Db, lineId: number): Promise<{ accountId: string; amount: number }[]> {
    const result = await db.execute<{ account_id: string; amount: number }>(sql`
      select account_id, (-sum(delta))::int as amount from ${creditLedger}
      where ref_type = 'line' and ref_id = ${String(lineId)}
      group by account_id having sum(delta) < 0
      order by account_id`);
    return result.rows.map((row) => ({
      accountId: row.account_id,
      amount: row.amount,
    }));
  },
};
