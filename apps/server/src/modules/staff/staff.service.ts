import { isAdminAccount, type Staff, type StaffBody } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { audited } from '../audit/audit.service.js';
import { staffRepository } from './staff.repository.js';

/**
 * Gives an account a staff role over every account or one reseller's subtree, or takes it away (with
 * its scope). Admins only, by the route; one audit entry with the role before and after. The account's
 * sessions and keys pick the change up at their next request (its cached caller is dropped).
 */
export async function setStaff(
  ctx: AppContext,
  admin: Actor,
  accountId: string,
  body: StaffBody,
): Promise<{ staff: Staff | null }> {
  const account = access.ownAccountOrNotFound(admin, await accountsRepository.findById(ctx.db, accountId));
  if (isAdminAccount({ is_admin: account.isAdmin, group_id: account.groupId })) {
    throw new AppError('STAFF_NOT_FOR_ADMIN');
  }
  const scopeId = body.role === null ? null : body.scope_id;
  if (scopeId !== null && !(await staffRepository.exists(ctx.db, scopeId))) {
    throw new AppError('STAFF_SCOPE_NOT_FOUND', { params: { id: scopeId } });
  }
  const read = async (db: typeof ctx.db) => {
    const row = await staffRepository.staffOf(db, account.id);
    return row ? { staff_role: row.role, staff_scope_id: row.scopeId } : null;
  };
  await audited(
    ctx,
    admin,
    { action: 'account.staff', target: { id: account.id, email: account.email }, read },
    (tx) => staffRepository.save(tx, account.id, body.role, scopeId),
  );
  await ctx.bus.publish({
    table: 'auth_users',
    action: 'update',
    id: account.id,
    audience: account.ownerId ? [account.id, account.ownerId] : [account.id],
  });
  return { staff: body.role === null ? null : { role: body.role, scope_id: scopeId } };
}
