export const permissions = [
  'manage_users',
  'manage_groups',
  'manage_resellers',
  'view_users',
  'view_groups',
  'view_resellers',
  'add_credits',
] as const;

export type Permission = (typeof permissions)[number];

export const ADMIN_GROUP_ID = 1;
export const RESELLER_GROUP_ID = 2;
export const USER_GROUP_ID = 3;
export const FIXED_GROUP_IDS: readonly number[] = [ADMIN_GROUP_ID, RESELLER_GROUP_ID, USER_GROUP_ID];

/** The fixed groups every installation has. Migrations create them; tests compare against this list. */
export const fixedGroups = [
  {
    id: ADMIN_GROUP_ID,
    name: 'Admin',
    description: 'Administrators: every permission',
    permissions: [...permissions] as Permission[],
  },
  {
    id: RESELLER_GROUP_ID,
    name: 'Resellers',
    description: 'Resellers: sell lines for credits',
    permissions: ['view_users', 'add_credits'] as Permission[],
  },
  {
    id: USER_GROUP_ID,
    name: 'Users',
    description: 'Signed-up users without permissions',
    permissions: [] as Permission[],
  },
] as const;

/** Admin = is_admin or group 1: either one makes an administrator. */
export function isAdminAccount(account: { is_admin: boolean; group_id: number }): boolean {
  return account.is_admin || account.group_id === ADMIN_GROUP_ID;
}

/** What a balance shows: admins are never charged, so theirs shows a fixed 1000 instead of the stored value. */
export const ADMIN_DISPLAY_CREDITS = 1000;
export function displayCredits(account: { is_admin: boolean; group_id: number; credits: number }): number {
  return isAdminAccount(account) ? ADMIN_DISPLAY_CREDITS : account.credits;
}

/**
 * Who may sell and manage lines: admins (every line) and holders of view_users (resellers, their own
 * lines). The server's line scope and the web's line pages both ask this one rule.
 */
export function maySellLines(actor: { isAdmin: boolean; permissions: Iterable<string> }): boolean {
  if (actor.isAdmin) return true;
  for (const permission of actor.permissions) if (permission === 'view_users') return true;
  return false;
}
