import { isAdminAccount } from './permissions.js';
// Types only, and no schema here: the shell decides buttons with `actsAsAdmin`, and what the sign-in
// page and the dashboard load first must not hold the schema library (web-delivery's test).
import type { Staff } from './staff-schema.js';
import type { StaffRole } from './staff-roles.js';

/**
 * Staff roles: accounts that act for the admin with some rights only. Each role names the operations
 * (`METHOD /path` of their contracts) in which its holder acts as an admin; in every other operation
 * the account is what its group makes it, and every admin-only one stays refused. The server's route
 * layer decides with `staffMay` before any handler runs; the web shows a staff member only the screens
 * whose operations `GET /api/me` lists for them.
 */
export { staffRoles, type StaffRole } from './staff-roles.js';

/**
 * Where a staff operation's rows come from, for a member scoped to one reseller's subtree:
 * - `panel`: the panel as a whole (servers, moves between servers, every ticket, messages to anyone),
 *   which a scoped member never does as an admin;
 * - `line`, `ticket`, `topup`: the row its `:id` names, refused as not found outside the scope (as
 *   another owner's row answers);
 * - `list`: a list of the scope's rows, every account of the subtree's (as an admin's list of them);
 * - `list:<param>`: the same, which that query parameter narrows to one account of the scope (one
 *   outside the scope finds nothing);
 * - `tree`: the service walks the tree of each account it touches (`inActorsTree`), within the scope.
 */
export type StaffOperationKind =
  'panel' | 'line' | 'ticket' | 'topup' | 'list' | 'list:owner_id' | 'list:account_id' | 'tree';

/** Every operation of each role, with what its rows are. Nothing else is ever done as an admin. */
export const staffOperations: Record<StaffRole, Readonly<Record<string, StaffOperationKind>>> = {
  support: {
    'GET /api/lines': 'list:owner_id',
    'GET /api/lines/:id': 'line',
    'GET /api/lines/:id/events': 'line',
    'GET /api/tickets': 'list',
    'GET /api/tickets/unread-count': 'panel',
    'GET /api/tickets/assignees': 'panel',
    'GET /api/tickets/:id': 'ticket',
    'PATCH /api/tickets/:id': 'ticket',
    'GET /api/tickets/:id/replies': 'ticket',
    'POST /api/tickets/:id/replies': 'ticket',
    'GET /api/tickets/:id/attachments/:attachmentId': 'ticket',
    // Messages go to any account or to every one: the panel as a whole.
    'POST /api/messages': 'panel',
  },
  billing: {
    'GET /api/topups': 'list:account_id',
    'GET /api/topups/pending-count': 'panel',
    'GET /api/topups/:id': 'topup',
    'GET /api/topups/:id/proof': 'topup',
    'GET /api/topups/:id/receipt': 'topup',
    'GET /api/topups/:id/receipt.pdf': 'topup',
    'POST /api/topups/:id/approve': 'topup',
    'POST /api/topups/:id/reject': 'topup',
  },
  operations: {
    'GET /api/servers': 'panel',
    'POST /api/servers': 'panel',
    'DELETE /api/servers/:id': 'panel',
    'GET /api/servers/:id': 'panel',
    'PATCH /api/servers/:id': 'panel',
    'POST /api/servers/check': 'panel',
    'POST /api/servers/:id/test': 'panel',
    // A server's standby and its promotion, and its own load thresholds, with what the servers
    // screen reads to show them (its answer rate and load); the panel-wide settings stay the admin's.
    'PUT /api/servers/:id/standby': 'panel',
    'POST /api/servers/:id/promote-standby': 'panel',
    'GET /api/servers/:id/ecm-stats': 'panel',
    'GET /api/servers/:id/load': 'panel',
    'PUT /api/servers/:id/load-alert-settings': 'panel',
    'POST /api/lines/server-move/preview': 'panel',
    'POST /api/lines/server-move': 'panel',
    'GET /api/lines': 'list:owner_id',
    'GET /api/lines/:id': 'line',
  },
};

/**
 * The one rule: may a staff member of this role and scope act as an admin in this operation (its
 * contract's `METHOD /path`)? Scoped members never act on the panel as a whole.
 */
export function staffMay(staff: { role: StaffRole; scopeId: string | null }, operation: string): boolean {
  const kind = staffOperations[staff.role][operation];
  if (!kind) return false;
  return !(kind === 'panel' && staff.scopeId !== null);
}

/** The operations a staff member may do as an admin (what `GET /api/me` sends, and the web reads). */
export function staffOperationList(staff: { role: StaffRole; scopeId: string | null } | null): string[] {
  if (!staff) return [];
  return Object.keys(staffOperations[staff.role]).filter((operation) => staffMay(staff, operation));
}

/**
 * Whether an account (as `GET /api/me` answers it) does this operation as an admin: an admin, or a
 * staff member whose role holds it (`staffMay`). The web shows an admin's buttons and views by it,
 * so a staff member sees those the server accepts from it and not those it refuses.
 */
export function actsAsAdmin(
  account: { is_admin: boolean; group_id: number; staff?: Staff | null },
  operation: string,
): boolean {
  if (isAdminAccount(account)) return true;
  return (
    !!account.staff && staffMay({ role: account.staff.role, scopeId: account.staff.scope_id }, operation)
  );
}
