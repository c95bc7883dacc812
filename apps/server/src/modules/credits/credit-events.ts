import type { AppContext } from '../../app-context.js';

/**
 * A balance changed: the account itself and its owner (the reseller who manages it) see it live, so
 * credits chips, account lists and ledgers refresh; admins see every event anyway.
 */
export async function publishBalanceChange(
  ctx: AppContext,
  account: { id: string; ownerId: string | null },
): Promise<void> {
  const audience = account.ownerId ? [account.id, account.ownerId] : [account.id];
  await ctx.bus.publish({ table: 'auth_users', action: 'update', id: account.id, audience });
  await ctx.bus.publish({ table: 'credit_ledger', action: 'insert', id: account.id, audience });
}
