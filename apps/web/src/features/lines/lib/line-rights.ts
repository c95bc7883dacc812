import { actsAsAdmin, isAdminAccount, maySellLines, type Me } from '@linedesk/shared';
import type { BulkBarAction } from '../components/lines-bulk-bar';
import type { MenuAction } from '../components/line-actions-menu';

/*
 * What the lines screens offer an account: what the server would take from it, by the server's own
 * rules. Lines are the account's group's (view_users: resellers and admins, `maySellLines`), or a
 * staff member does the operation as an admin (`actsAsAdmin`, its role's list); anything else the
 * server refuses, so the screen leaves it out (a support member reads lines, a billing one has none).
 */

/** The operation (`METHOD /path` of its contract) each row action calls. */
const rowOperations: Record<MenuAction, string> = {
  renew: 'POST /api/lines/:id/renew',
  copy: 'GET /api/lines/:id',
  edit: 'GET /api/lines/:id',
  freeze: 'POST /api/lines/:id/freeze',
  // Giving lines is the bulk job's `move`, for one line as for many.
  give: 'POST /api/lines/bulk',
  toggle: 'PATCH /api/lines/:id',
  delete: 'DELETE /api/lines/:id',
  restore: 'POST /api/lines/:id/restore',
};

/** The operation each button of the bulk bar calls (every bulk action is one job). */
const bulkOperations: Record<BulkBarAction, string> = {
  renew: 'POST /api/lines/bulk',
  enable: 'POST /api/lines/bulk',
  disable: 'POST /api/lines/bulk',
  change_plan: 'POST /api/lines/bulk',
  move: 'POST /api/lines/bulk',
  delete: 'POST /api/lines/bulk',
  move_server: 'POST /api/lines/server-move',
};

export type LineRights = {
  row: (action: MenuAction) => boolean;
  bulk: (action: BulkBarAction) => boolean;
  /** Adding one line, many at once, and the list's CSV export. */
  create: boolean;
  createMany: boolean;
  exportCsv: boolean;
};

export function lineRights(account: Pick<Me, 'is_admin' | 'group_id' | 'permissions' | 'staff'>): LineRights {
  const own = maySellLines({ isAdmin: isAdminAccount(account), permissions: account.permissions });
  const may = (operation: string) => own || actsAsAdmin(account, operation);
  return {
    row: (action) => may(rowOperations[action]),
    bulk: (action) => may(bulkOperations[action]),
    create: may('POST /api/lines'),
    createMany: may('POST /api/lines/bulk'),
    exportCsv: may('GET /api/lines/export.csv'),
  };
}
