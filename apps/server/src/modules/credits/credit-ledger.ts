import { RESELLER_GROUP_ID, USER_GROUP_ID, type LedgerReason } from '@linedesk/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, creditLedger as ledgerTable } from '../../db/schema.js';
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
 * and a balance never goes below 0. An account in Users (3) with 0 credits that receives credits
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
  return {
    charged: sql`update ${authUsers} set
        credits = credits + ${input.delta}::int,
        group_id = case when group_id = ${USER_GROUP_ID} and credits = 0 and ${input.delta}::int > 0
          then ${RESELLER_GROUP_ID} else group_id end,
        updated_at = now()
      where id = ${input.accountId} and credits + ${input.delta}::int >= 0
      returning credits, owner_id`,
    entry: sql`insert into ${ledgerTable} (account_id, delta, balance_after, reason, actor_id, ref_type, ref_id, note)
      select ${input.accountId}, ${input.delta}::int, credits, ${input.reason}, ${input.actorId},
        ${input.refType ?? null}, ${input.refId ?? null}, ${input.note ?? null}
      from charged
      returning id`,
  };
}

/** The refusal for a balance that cannot pay `delta`: what it holds now. */
async function refusal(tx: Db, accountId: string, delta: number): Promise<AppError> {
  const [account] = await tx
    .select({ credits: authUsers.credits })
    .from(authUsers)
    .where(eq(authUsers.id, accountId));
  if (!account) return new AppError('USER_NOT_FOUND');
  return new AppError('INSUFFICIENT_CREDITS', { params: { required: -delta, available: account.credits } });
}

async function change(tx: Db, input: CreditChange): Promise<CreditChangeResult> {
  // The balance and its ledger row in one statement: the row is only written when the guarded UPDATE
  // moved the balance (it reads the UPDATE's RETURNING), and both commit or roll back together.
  const ctes = changeCtes(input);
  const result = await tx.execute(
    sql`with charged as (${ctes.charged}), entry as (${ctes.entry})
      select charged.credits, charged.owner_id, entry.id from charged, entry`,
  );
  const [updated] = (
    result as unknown as { rows: { credits: number; owner_id: string | null; id: string | number }[] }
  ).rows;
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

export const creditLedger = { change, changeCtes, refusal, setBalance };
