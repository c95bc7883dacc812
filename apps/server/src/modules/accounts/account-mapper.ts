import {
  derivedGroupId,
  displayCredits,
  usernameFromEmail,
  type Account,
  type ManagedAccount,
  type Me,
  type StaffRole,
  staffOperationList,
} from '@linedesk/shared';
import { toLanguage } from '../../i18n/server-texts.js';
import { buildActor } from '../../platform/access.js';
import type { AccountRow, ManagedAccountRow } from './accounts.repository.js';

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    username: usernameFromEmail(row.email),
    profile_username: row.username || row.email,
    full_name: row.fullName,
    notes: row.notes,
    credits: row.credits,
    group_id: row.groupId,
    group_name: row.groupName,
    is_admin: row.isAdmin,
    owner_id: row.ownerId,
    banned: row.banned,
    status: row.banned ? 'suspended' : 'active',
    email_verified: row.emailVerified,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    staff: row.staffRole ? { role: row.staffRole as StaffRole, scope_id: row.staffScopeId ?? null } : null,
  };
}

export function toManagedAccount(row: ManagedAccountRow): ManagedAccount {
  const account = toAccount(row);
  return {
    ...account,
    lines_count: row.linesCount,
    owner_email: row.ownerEmail,
    display_credits: displayCredits(account),
    display_group_id: derivedGroupId(account),
  };
}

export function toMe(row: AccountRow): Me {
  const actor = buildActor({
    id: row.id,
    email: row.email,
    isAdmin: row.isAdmin,
    groupId: row.groupId,
    groupPermissions: row.groupPermissions ?? [],
    sessionId: null,
    staffRole: row.staffRole,
    staffScopeId: row.staffScopeId,
  });
  return {
    ...toAccount(row),
    is_admin: actor.isAdmin,
    permissions: [...actor.permissions],
    staff_operations: staffOperationList(actor.staff ?? null),
    language: row.language ? toLanguage(row.language) : null,
  };
}
