import type { LedgerReason } from '@linedesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, creditLedger as ledgerTable } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';

/** The group an account with no credits is in, and the one it moves to once it has some (spec 4). */
const USERS_GROUP_ID = 3;
const RESELLERS_GROUP_ID = 2;

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

export type CreditChangeResult = { balance: number; entryId: number };

/**
 * The only way balances change. Must run inside the caller's transaction (`tx`), so the balance, the
 * ledger row and whatever was bought commit or roll back together.
 *
 * The guarded UPDATE takes the row lock and checks the balance in one statement: two concurrent
 * spends queue on the lock and the second sees the first's result, so a credit is never spent twice
 * and a balance never goes below 0. An account in Users (3) with 0 credits that receives credits
 * moves to Resellers (2) in the same statement (spec section 4, "Group move").
 */
async function change(tx: Db, input: CreditChange): Promise<CreditChangeResult> {
  const [updated] = await tx
    .update(authUsers)
    .set({
      credits: sql`${authUsers.credits} + ${input.delta}`,
      groupId: sql`case when ${authUsers.groupId} = ${USERS_GROUP_ID} and ${authUsers.credits} = 0 and ${input.delta} > 0 then ${RESELLERS_GROUP_ID} else ${authUsers.groupId} end`,
      updatedAt: new Date(),
    })
    .where(sql`${authUsers.id} = ${input.accountId} and ${authUsers.credits} + ${input.delta} >= 0`)
    .returning({ credits: authUsers.credits });
  if (!updated) {
    const [account] = await tx
      .select({ credits: authUsers.credits })
      .from(authUsers)
      .where(eq(authUsers.id, input.accountId));
    if (!account) throw new AppError('USER_NOT_FOUND');
    throw new AppError('INSUFFICIENT_CREDITS', {
      params: { required: -input.delta, available: account.credits },
    });
  }
  const [entry] = await tx
    .insert(ledgerTable)
    .values({
      accountId: input.accountId,
      delta: input.delta,
      balanceAfter: updated.credits,
      reason: input.reason,
      actorId: input.actorId,
      refType: input.refType ?? null,
      refId: input.refId ?? null,
      note: input.note ?? null,
    })
    .returning({ id: ledgerTable.id });
  return { balance: updated.credits, entryId: entry!.id };
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

export const creditLedger = { change, setBalance };
