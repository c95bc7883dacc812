import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import type { LineTableField } from './lines-table-row';

// The lines table's columns: which show at first, the room each needs, which the server sorts by,
// which are always shown, and their headers.

/**
 * What a list shows at first: who the line is for, where, in what state, until when and (admins)
 * whose, in a width that fits a 1280 px screen beside the navigation. The days left go under the
 * expiry date and a sync problem under the status while their columns are off; the password, when
 * last seen (the username's dot tells it on hover) and the creation date are in the column chooser.
 */
export const defaultLineColumns = (admin: boolean): GridColumnVisibilityModel => ({
  password: false,
  days_left: false,
  sync_state: false,
  last_seen_at: false,
  created_at: false,
  ...(admin ? {} : { owner_email: false }),
});

/**
 * The room a column needs, for the table's least width: the table is laid out by these widths (the
 * flexible columns share what is left), and scrolls sideways only when more columns are chosen than
 * the screen has room for.
 */
export const columnWidth: Record<LineTableField, number> = {
  actions: 150,
  username: 164,
  name: 80,
  password: 124,
  server_name: 80,
  status: 116,
  days_left: 112,
  expiry_date: 120,
  owner_email: 80,
  sync_state: 136,
  last_seen_at: 150,
  created_at: 116,
};
/** Columns that take what the fixed ones leave (their text is cut with its whole in a tooltip). */
export const flexible = new Set<LineTableField>(['name', 'server_name', 'owner_email']);
export const checkWidth = 50;

/** Columns the server sorts by; the others' headers are plain text. */
export const sortable = new Set<LineTableField>([
  'username',
  'server_name',
  'status',
  'expiry_date',
  'owner_email',
  'sync_state',
  'created_at',
]);
/** Always shown: the row's actions and whose row it is. */
export const fixed = new Set<LineTableField>(['actions', 'username']);
export const headerKey: Record<LineTableField, string> = {
  actions: 'common.actions',
  username: 'lines.fields.username',
  name: 'lines.fields.name',
  password: 'lines.fields.password',
  server_name: 'lines.fields.server',
  status: 'lines.fields.status',
  days_left: 'lines.fields.daysLeft',
  expiry_date: 'lines.fields.expiry',
  owner_email: 'lines.fields.owner',
  sync_state: 'lines.fields.sync',
  last_seen_at: 'lineConnections.lastSeen',
  created_at: 'lines.fields.created',
};
