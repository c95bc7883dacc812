import type { Account, ListQuery, ListResponse, Me, UpdateProfileBody } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { groupsRepository } from '../groups/groups.repository.js';
import { sessionRepository } from '../auth/session.repository.js';
import { toAccount, toMe } from './account-mapper.js';
import { accountsRepository } from './accounts.repository.js';

export type AccountPatch = { group_id?: number; banned?: boolean; notes?: string | null };

async function publishAccountChange(ctx: AppContext, id: string) {
  await ctx.bus.publish({ table: 'auth_users', action: 'update', id, audience: [id] });
}

export async function getMe(ctx: AppContext, actor: Actor | null): Promise<Me> {
  const signedIn = access.signedIn(actor);
  const row = await accountsRepository.findById(ctx.db, signedIn.id);
  if (!row) throw new AppError('UNAUTHENTICATED');
  return toMe(row);
}

export async function updateMe(ctx: AppContext, actor: Actor | null, body: UpdateProfileBody): Promise<Me> {
  const signedIn = access.signedIn(actor);
  await accountsRepository.update(ctx.db, signedIn.id, { name: body.full_name });
  await publishAccountChange(ctx, signedIn.id);
  return getMe(ctx, signedIn);
}

/** Admins see every account; anyone else only the accounts they own (their sub-resellers). */
export async function listAccounts(
  ctx: AppContext,
  actor: Actor | null,
  query: ListQuery,
): Promise<ListResponse<Account>> {
  const signedIn = access.signedIn(actor);
  const { rows, total } = await accountsRepository.list(ctx.db, {
    ownerId: signedIn.isAdmin ? undefined : signedIn.id,
    search: query.search,
    sort: query.sort,
    order: query.order,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { items: rows.map(toAccount), total, page: query.page, page_size: query.page_size };
}

export async function updateAccount(
  ctx: AppContext,
  actor: Actor | null,
  id: string,
  patch: AccountPatch,
): Promise<Account> {
  const admin = access.admin(actor);
  const target = await accountsRepository.findById(ctx.db, id);
  if (!target) throw new AppError('USER_NOT_FOUND');
  if (patch.banned && target.id === admin.id) throw new AppError('FORBIDDEN');
  if (patch.group_id !== undefined && !(await groupsRepository.findById(ctx.db, patch.group_id))) {
    throw new AppError('GROUP_NOT_FOUND');
  }
  await accountsRepository.update(ctx.db, id, {
    groupId: patch.group_id,
    banned: patch.banned,
    notes: patch.notes,
  });
  // A ban ends every session at once rather than at the next expiry.
  if (patch.banned) await sessionRepository.deleteAllForUser(ctx.db, id);
  await publishAccountChange(ctx, id);
  const updated = await accountsRepository.findById(ctx.db, id);
  return toAccount(updated!);
}

export async function endAccountSessions(ctx: AppContext, actor: Actor | null, id: string): Promise<number> {
  access.admin(actor);
  if (!(await accountsRepository.findById(ctx.db, id))) throw new AppError('USER_NOT_FOUND');
  return sessionRepository.deleteAllForUser(ctx.db, id);
}
