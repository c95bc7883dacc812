import { defaultResellerLimits, type ResellerLimits, type ResellerPrice } from '@linedesk/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { subtreeIdsSql } from '../../db/account-subtree.js';
import type { Db } from '../../db/client.js';
import {
  authUsers,
  cccamServers,
  groupPrices,
  groups,
  linePlans,
  lines,
  resellerLimits,
  resellerPrices,
} from '../../db/schema.js';

type LimitsRow = typeof resellerLimits.$inferSelect;

export function toLimits(row: LimitsRow | null | undefined): ResellerLimits {
  if (!row) return { ...defaultResellerLimits };
  return {
    max_lines: row.maxLines,
    allowed_plan_ids: row.allowedPlanIds,
    allowed_server_ids: row.allowedServerIds,
    trials_per_day: row.trialsPerDay,
    trial_min_balance: row.trialMinBalance,
    sub_reseller_depth: row.subResellerDepth,
    sub_reseller_price: row.subResellerPrice,
    credit_limit: row.creditLimit,
  };
}

/** An account above (or at) the buyer, with its limits: `depth` 0 is the account itself. */
export type ChainLink = { accountId: string; email: string; depth: number; limits: ResellerLimits };

/** A tier's price as the API gives it. */
const groupPriceColumns = {
  plan_id: groupPrices.planId,
  months: groupPrices.months,
  mode: groupPrices.mode,
  value: groupPrices.value,
};

export const resellerTermsRepository = {
  async prices(db: Db, accountId: string): Promise<ResellerPrice[]> {
    const rows = await db
      .select({
        plan_id: resellerPrices.planId,
        months: resellerPrices.months,
        mode: resellerPrices.mode,
        value: resellerPrices.value,
      })
      .from(resellerPrices)
      .where(eq(resellerPrices.accountId, accountId))
      .orderBy(resellerPrices.planId, resellerPrices.months);
    return rows;
  },

  /** The price list of the account's tier: its group's. */
  async tierPrices(db: Db, accountId: string): Promise<ResellerPrice[]> {
    return db
      .select(groupPriceColumns)
      .from(groupPrices)
      .innerJoin(authUsers, eq(authUsers.groupId, groupPrices.groupId))
      .where(eq(authUsers.id, accountId))
      .orderBy(groupPrices.planId, groupPrices.months);
  },

  async groupPrices(db: Db, groupId: number): Promise<ResellerPrice[]> {
    return db
      .select(groupPriceColumns)
      .from(groupPrices)
      .where(eq(groupPrices.groupId, groupId))
      .orderBy(groupPrices.planId, groupPrices.months);
  },

  /** Locks the group's row (so a delete of the group waits), false when there is none. */
  async lockGroup(tx: Db, groupId: number): Promise<boolean> {
    const rows = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    return rows.length > 0;
  },

  async replaceGroupPrices(tx: Db, groupId: number, prices: readonly ResellerPrice[], setBy: string) {
    await tx.delete(groupPrices).where(eq(groupPrices.groupId, groupId));
    if (prices.length === 0) return;
    await tx.insert(groupPrices).values(
      prices.map((p) => ({
        groupId,
        planId: p.plan_id,
        months: p.months,
        mode: p.mode,
        value: p.value,
        setBy,
      })),
    );
  },

  async limits(db: Db, accountId: string): Promise<ResellerLimits> {
    const [row] = await db.select().from(resellerLimits).where(eq(resellerLimits.accountId, accountId));
    return toLimits(row);
  },

  /**
   * The account and every account above it (its owner, the owner's owner...), nearest first, with
   * their limits. The walk stops at 50 levels, so a damaged tree cannot make it run forever.
   */
  async chain(db: Db, accountId: string): Promise<ChainLink[]> {
    const result = await db.execute<Row>(sql`
      with recursive up (id, depth) as (
        select ${accountId}::text, 0
        union all
        select a.owner_id, up.depth + 1 from ${authUsers} a join up on a.id = up.id
        where a.owner_id is not null and up.depth < 50
      )
      select up.id, up.depth, a.email, row_to_json(l.*) as limits
      from up join ${authUsers} a on a.id = up.id
      left join ${resellerLimits} l on l.account_id = up.id
      order by up.depth`);
    type Row = { id: string; depth: number; email: string; limits: Record<string, unknown> | null };
    return result.rows.map((row) => ({
      accountId: row.id,
      email: row.email,
      depth: Number(row.depth),
      limits: toLimits(
        row.limits
          ? {
              accountId: row.id,
              maxLines: row.limits.max_lines as number | null,
              allowedPlanIds: row.limits.allowed_plan_ids as number[] | null,
              allowedServerIds: row.limits.allowed_server_ids as number[] | null,
              trialsPerDay: row.limits.trials_per_day as number | null,
              trialMinBalance: row.limits.trial_min_balance as number,
              subResellerDepth: row.limits.sub_reseller_depth as number | null,
              subResellerPrice: row.limits.sub_reseller_price as number,
              creditLimit: row.limits.credit_limit as number,
              setBy: null,
              updatedAt: new Date(),
            }
          : null,
      ),
    }));
  },

  /**
   * Locks these accounts' rows (in the order given: callers pass them from the top of the tree down,
   * so two buyers under the same parent queue on it instead of deadlocking).
   */
  async lockAccounts(tx: Db, ids: string[]): Promise<void> {
    for (const id of ids) {
      await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, id)).for('update');
    }
  },

  /** Lines owned by the account and every account below it. */
  async subtreeLines(db: Db, accountId: string): Promise<number> {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${lines} u where u.owner_id in ${subtreeIdsSql(accountId)}`,
    );
    return Number(result.rows[0]?.n ?? 0);
  },

  async replacePrices(tx: Db, accountId: string, prices: readonly ResellerPrice[], setBy: string) {
    await tx.delete(resellerPrices).where(eq(resellerPrices.accountId, accountId));
    if (prices.length === 0) return;
    await tx.insert(resellerPrices).values(
      prices.map((p) => ({
        accountId,
        planId: p.plan_id,
        months: p.months,
        mode: p.mode,
        value: p.value,
        setBy,
      })),
    );
  },

  async saveLimits(tx: Db, accountId: string, limits: ResellerLimits, setBy: string) {
    const values = {
      maxLines: limits.max_lines,
      allowedPlanIds: limits.allowed_plan_ids,
      allowedServerIds: limits.allowed_server_ids,
      trialsPerDay: limits.trials_per_day,
      trialMinBalance: limits.trial_min_balance,
      subResellerDepth: limits.sub_reseller_depth,
      subResellerPrice: limits.sub_reseller_price,
      creditLimit: limits.credit_limit,
      setBy,
      updatedAt: new Date(),
    };
    await tx
      .insert(resellerLimits)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: resellerLimits.accountId, set: values });
  },

  async plans(db: Db, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: linePlans.id, name: linePlans.name, prices: linePlans.prices })
      .from(linePlans)
      .where(inArray(linePlans.id, ids));
  },

  async serverIds(db: Db, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: cccamServers.id })
      .from(cccamServers)
      .where(inArray(cccamServers.id, ids));
    return rows.map((r) => r.id);
  },
};
