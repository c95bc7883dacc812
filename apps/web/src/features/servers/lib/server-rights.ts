import { actsAsAdmin, type Me } from '@linedesk/shared';

/*
 * What the servers screen offers an account: the servers are the admin's, and a staff member's role
 * may act as an admin in some of their operations (`actsAsAdmin`, its role's list: an operations
 * member's servers, standbys, load thresholds and moves). What the server would refuse it, the screen
 * leaves out.
 */

/** The operation (`METHOD /path` of its contract) each of a server's actions calls. */
const serverOperations = {
  test: 'POST /api/servers/:id/test',
  edit: 'PATCH /api/servers/:id',
  standby: 'PUT /api/servers/:id/standby',
  promote: 'POST /api/servers/:id/promote-standby',
  reconcile: 'POST /api/servers/:id/reconcile',
  ecm: 'GET /api/servers/:id/ecm-stats',
  install: 'POST /api/servers/:id/install-command',
  adopt: 'GET /api/servers/:id/unmanaged-accounts',
  moveLines: 'POST /api/lines/server-move',
  delete: 'DELETE /api/servers/:id',
} as const;

export type ServerAction = keyof typeof serverOperations;
export type ServerRights = Readonly<Record<ServerAction, boolean>>;

export function serverRights(account: Pick<Me, 'is_admin' | 'group_id' | 'staff'>): ServerRights {
  return Object.fromEntries(
    Object.entries(serverOperations).map(([action, operation]) => [action, actsAsAdmin(account, operation)]),
  ) as Record<ServerAction, boolean>;
}
