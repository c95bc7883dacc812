import type { ChangeEvent } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';

/**
 * The events of a balance change: the account and its ledger, for the account and its owner. The
 * account's event says that only its balance moved, so a burst of purchases does not drop what is
 * kept of the buyer's terms (`currentBuyerTerms`) at each one.
 */
export function balanceEvents(account: { id: string; ownerId: string | null }): ChangeEvent[] {
  const audience = account.ownerId ? [account.id, account.ownerId] : [account.id];
  return [
    { table: 'auth_users', action: 'update', id: account.id, audience, balanceOnly: true },
    { table: 'credit_ledger', action: 'insert', id: account.id, audience },
  ];
}

/**
 * A balance changed: the account itself and its owner (the reseller who manages it) see it live, so
 * credits chips, account lists and ledgers refresh; admins see every event anyway.
 */
export async function publishBalanceChange(
  ctx: AppContext,
  account: { id: string; ownerId: string | null },
): Promise<void> {
  for (const event of balanceEvents(account)) await ctx.bus.publish(event);
}
