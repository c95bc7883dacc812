/**
 * Where the event stream is read. Named here, beside the events, as well as in its contract: the web
 * opens it from the signed-in shell, whose first download must not carry the contract's schema.
 */
export const EVENT_STREAM_PATH = '/api/events';

/** Event names on `GET /api/events` (SSE `event:` lines): the table that changed. */
export const eventTables = [
  'auth_users',
  'groups',
  'users',
  'cccam_servers',
  'messages',
  'tickets',
  'ticket_replies',
  'credit_ledger',
  'redeem_codes',
  'topup_requests',
  'credit_packages',
  'payment_methods',
  'line_plans',
  'kb_articles',
  'app_settings',
  /** A bulk action's progress; sent to the account that started it. */
  'line_bulk_jobs',
  /** An import's progress; sent to the admin who started it. */
  'line_imports',
  /** Who is online on a line, its IP history or a sharing alert; sent to the line's owner and admins. */
  'line_connections',
  /** Activation codes generated, voided or used; sent to the codes' owner (admins always). */
  'activation_codes',
  /** A customer's ask to renew a line dismissed; sent to the line's owner (admins always). */
  'line_renewal_requests',
  /** A customer's ask for a freeze made, approved or refused; sent to the line's owner (admins always). */
  'line_freeze_requests',
  /** An account's Telegram chat linked or unlinked; sent to that account. */
  'telegram_links',
  /** A server's outage began or ended; sent to every signed-in account (each list is scoped when read). */
  'server_outages',
] as const;
export type EventTable = (typeof eventTables)[number];

export type ChangeEvent = {
  table: EventTable;
  action: 'insert' | 'update' | 'delete';
  id: string;
  /** Account ids allowed to see it; empty = admins only; 'all' = every signed-in account. */
  audience: string[] | 'all';
  /**
   * Set when only a line's delivery state changed (synced, failing): figures built from the lines
   * themselves stay valid. Stays inside the server; streams carry only action and id.
   */
  syncOnly?: true;
  /**
   * Set on an account's event when only its balance moved (a purchase, a top-up, a transfer): what
   * is kept of its price lists, limits and place in the tree stays valid. Stays inside the server.
   */
  balanceOnly?: true;
};

/**
 * The stream's own event, not a table's: changes since the `since` it was opened with are no longer
 * all held by the server (or could not be heard), so what the reader shows must be read again.
 */
export const RESYNC_EVENT = 'resync';
