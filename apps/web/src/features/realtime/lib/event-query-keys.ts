import type { EventTable } from '@linedesk/shared';
import type { QueryKey } from '@tanstack/react-query';

/**
 * Which cached queries a change to a table makes stale. Keys are prefixes; later features add theirs
 * here (lines, servers, messages, tickets) under the same names they use for their queries.
 */
export const eventQueryKeys: Record<EventTable, QueryKey[]> = {
  auth_users: [['me'], ['accounts'], ['groups'], ['setup-guide']],
  groups: [['groups'], ['me']],
  users: [['lines'], ['dashboard'], ['reports']],
  // Lines show their server's name and build their N: line from its DES key.
  cccam_servers: [['servers'], ['lines'], ['dashboard'], ['setup-guide']],
  messages: [['messages'], ['dashboard']],
  tickets: [['tickets'], ['dashboard']],
  ticket_replies: [['tickets']],
  credit_ledger: [['ledger'], ['me'], ['dashboard'], ['reports']],
  redeem_codes: [['redeem-codes']],
  // The dashboard's to-do lists the pending top-ups; its revenue counts the approved ones.
  topup_requests: [['topups'], ['dashboard', 'todo'], ['dashboard', 'revenue'], ['reports']],
  credit_packages: [['credit-packages'], ['setup-guide']],
  payment_methods: [['payment-methods']],
  line_plans: [['line-plans']],
  kb_articles: [['kb']],
  app_settings: [['settings'], ['setup-guide'], ['sign-up-settings']],
  line_bulk_jobs: [['line-bulk']],
  line_imports: [['line-import']],
  activation_codes: [['activation-codes']],
  // The dashboard's to-do lists the lines shared now.
  line_connections: [['lines'], ['line-connections'], ['dashboard-online'], ['dashboard', 'todo']],
  // The dashboard's to-do lists the customers' open asks to renew.
  line_renewal_requests: [['dashboard', 'todo']],
  // The to-do lists the open asks; a line's page shows its open or scheduled one.
  line_freeze_requests: [
    ['dashboard', 'todo'],
    ['lines', 'freeze-request'],
  ],
  // A linked chat is a channel notices can go to.
  telegram_links: [['telegram'], ['notifications', 'preferences']],
  server_outages: [['outages'], ['reports']],
};
