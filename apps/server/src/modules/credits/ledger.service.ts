import type { LedgerEntry, LedgerQuery, ListResponse } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { toLedgerEntry } from './ledger-mapper.js';
import { ledgerRepository } from './ledger.repository.js';

/**
 * The caller's own credit movements; admins may read any account's (`account_id`, or all when left
 * out), resellers those of the accounts they own. Someone else's account answers 404.
 */
export async function listLedger(
  ctx: AppContext,
  signedIn: Actor,
  query: LedgerQuery,
): Promise<ListResponse<LedgerEntry>> {
  let accountId: string | undefined = query.account_id ?? (signedIn.isAdmin ? undefined : signedIn.id);
  if (query.account_id && query.account_id !== signedIn.id) {
    const target = await accountsRepository.findById(ctx.db, query.account_id);
    accountId = access.ownAccountOrNotFound(signedIn, target).id;
  }
  const { rows, total } = await ledgerRepository.list(ctx.db, {
    accountId,
    reason: query.reason,
    ...pageWindow(query),
  });
  return pageOf(query, { rows, total }, toLedgerEntry);
}
