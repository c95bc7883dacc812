import { RESELLER_GROUP_ID, USER_GROUP_ID, spendRefusal, type LedgerReason } from '@linedesk/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, creditLedger as ledgerTable, resellerLimits } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';

export type CreditChange = {
  accountId: string;
  /** Positive adds, negative spends. Never 0. */
  delta: number;
  reason: LedgerReason;
  actorId: string | null;
  refType?: string;
  refId?: string;
  note?: string;
  /**
   * Only a provider taking a paid top-up back may leave the balance below 0 (reason `topup_reversed`);
   * every other change is refused there (and the database's check on the ledger says the same).
   */
  allowNegative?: boolean;
};

export type CreditChangeResult = {
  balance: number;
  entryId: number;
  /** The account's owner (the reseller who manages it): who else sees the balance change. */
  ownerId: string | null;
};

/**
 * The only way balances change. Must run inside the caller's transaction (`tx`), so the balance, the
 * ledger row and whatever was bought commit or roll back together.
 *
 * The guarded UPDATE takes the row lock and checks the balance in one statement: two concurrent
 * spends queue on the lock and the second sees the first's result, so a credit is never spent twice
 * and a spend never takes a balance below 0 (only a top-up taken back by its provider can). An account in Users (3) with 0 credits that receives credits
 * moves to Resellers (2) in the same statement, so its group can never disagree with the balance
 * that moved it.
 */
/**
 * The balance change and its ledger row as the bodies of two WITH queries: `charged` (returning
 * `credits`, `owner_id`; no row when the balance cannot pay) and `entry` (reading `charged`), for a
 * caller that writes what was bought in the same statement. `refId` may be SQL (the id of a row
 * inserted by that statement).
 */
function changeCtes(input: Omit<CreditChange, 'refId'> & { refId?: string | SQL }): {
  charged: SQL;
  entry: SQL;
} {
  const guard =
    input.allowNegative && input.reason === 'topup_reversed'
      ? sql`true`
      : // A credit to a negative balance raises it (a top-up settling a reversal); a spend must end at
        // or above minus the account's credit limit (0 unless an admin trusts the account).
        sql`(credits + ${input.delta}::int >= -${creditLimitOf(sql`${authUsers}.id`)} or ${input.delta}::int > 0)`;
  return {
    charged: sql`update ${authUsers} set
        credits = credits + ${input.delta}::int,
        group_id = case when group_id = ${USER_GROUP_ID} and credits = 0 and ${input.delta}::int > 0
          then ${RESELLER_GROUP_ID} else group_id end,
        updated_at = now()
      where id = ${input.accountId} and ${guard}
      returning credits, owner_id, ${creditLimitOf(sql`${authUsers}.id`)} as credit_limit`,
    entry: sql`insert into ${ledgerTable} (account_id, delta, balance_after, reason, actor_id, ref_type, ref_id, note, credit_limit)
      select ${input.accountId}, ${input.delta}::int, credits, ${input.reason}, ${input.actorId},
        ${input.refType ?? null}, ${input.refId ?? null}, ${input.note ?? null}, credit_limit
      from charged
      returning id`,
  };
}

/**
 * An account's credit limit, read inside the guarded UPDATE itself: the bound and the balance are
 * checked in one statement under the row lock, so two spends never both pass on a stale limit.
 */
function creditLimitOf(accountId: SQL): SQL {
  return sql`coalesce((select ${resellerLimits.creditLimit} from ${resellerLimits} where ${resellerLimits.accountId} = ${accountId}), 0)`;
}

/** Many spends read from one WITH query (`from`), as SQL expressions over its rows. */
export type SpendMany = {
  /** The WITH query's name, e.g. sql`v`; its rows are read as `v` in the expressions below. */
  from: SQL;
  /** Who pays (an account id). */
  payer: SQL;
  /** What the row costs; rows of 0 book nothing. */
  amount: SQL;
  actorId: SQL;
  /** Orders one payer's ledger rows (their balance-after runs down in this order). */
  order: SQL;
  refType: string;
  refId: SQL;
  note: SQL;
  reason: LedgerReason;
};

/**
 * Many spends in one statement (a batch of bought rows), as the bodies of three WITH queries the
 * caller names `need`, `charged` and `entry`: each payer's total (`need`); each payer's balance moved
 * once by that total when it can pay (`charged`, returning `id`, `credits`, `owner_id`; no row for a
 * payer that cannot, and the caller must then roll back); one ledger row per paid row with the balance
 * after it, as if they were booked one after the other (`entry`). So the ledger still sums to the
 * balance however many rows one statement books.
 */
function spendManyCtes(spend: SpendMany): { need: SQL; charged: SQL; entry: SQL } {
  const v = spend.from;
  return {
    need: sql`select ${spend.payer} as owner_id, sum(${spend.amount})::int as total from ${v} v
      where ${spend.amount} > 0 group by ${spend.payer}`,
    charged: sql`update ${authUsers} a set credits = a.credits - need.total, updated_at = now()
        from need where a.id = need.owner_id and a.credits - need.total >= -${creditLimitOf(sql`a.id`)}
        returning a.id, a.credits, a.owner_id, ${creditLimitOf(sql`a.id`)} as credit_limit`,
    entry: sql`insert into ${ledgerTable} (account_id, delta, balance_after, reason, actor_id, ref_type, ref_id, note, credit_limit)
        select ${spend.payer}, -${spend.amount},
          c.credits + coalesce(sum(${spend.amount}) over (partition by ${spend.payer} order by ${spend.order}
            rows between 1 following and unbounded following), 0),
          ${spend.reason}, ${spend.actorId}, ${spend.refType}, ${spend.refId}, ${spend.note}, c.credit_limit
        from ${v} v join charged c on c.id = ${spend.payer}
        where ${spend.amount} > 0`,
  };
}

/** The shared spending rule's refusal as the error the server answers; null when `balance` can pay. */
export function spendRefusalError(balance: number, required: number, creditLimit = 0): AppError | null {
  const refused = spendRefusal(balance, required, creditLimit);
  return refused ? new AppError(refused.code, { params: refused.params }) : null;
}

/** The refusal for a balance that cannot pay `delta`: what it holds now. */
async function refusal(tx: Db, accountId: string, delta: number): Promise<AppError> {
  const [account] = await tx
    .select({ credits: authUsers.credits, creditLimit: resellerLimits.creditLimit })
    .from(authUsers)
    .leftJoin(resellerLimits, eq(resellerLimits.accountId, authUsers.id))
    .where(eq(authUsers.id, accountId));
  if (!account) return new AppError('USER_NOT_FOUND');
  return (
    spendRefusalError(account.credits, -delta, account.creditLimit ?? 0) ??
    // Paid meanwhile is impossible inside the caller's transaction; answered as the balance it saw.
    new AppError('INSUFFICIENT_CREDITS', { params: { required: -delta, available: account.credits } })
  );
}

async function change(tx: Db, input: CreditChange): Promise<CreditChangeResult> {
  // The balance and its ledger row in one statement: the row is only written when the guarded UPDATE
  // moved the balance (it reads the UPDATE's RETURNING), and both commit or roll back together.
  const ctes = changeCtes(input);
  const result = await tx.execute<{ credits: number; owner_id: string | null; id: string | number }>(
    sql`with charged as (${ctes.charged}), entry as (${ctes.entry})
      select charged.credits, charged.owner_id, entry.id from charged, entry`,
  );
  const [updated] = result.rows;
  if (!updated) throw await refusal(tx, input.accountId, input.delta);
  return { balance: updated.credits, entryId: Number(updated.id), ownerId: updated.owner_id };
}

/**
 * Sets a balance (admins' "set credits"): recorded as the difference, so the ledger still sums to the
 * balance. Returns null when the balance already had that value (nothing to record).
 */
async function setBalance(
  tx: Db,
  input: Omit<CreditChange, 'delta' | 'reason'> & { credits: number },
): Promise<CreditChangeResult | null> {
  const [account] = await tx
    .select({ credits: authUsers.credits })
    .from(authUsers)
    .where(eq(authUsers.id, input.accountId))
    .for('update');
  if (!account) throw new AppError('USER_NOT_FOUND');
  const delta = input.credits - account.credits;
  if (delta === 0) return null;
  return change(tx, { ...input, delta, reason: 'set' });
}

export const creditLedger = { change, changeCtes, spendManyCtes, refusal, setBalance };
