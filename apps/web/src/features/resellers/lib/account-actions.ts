import type { ManagedAccount } from '@linedesk/shared';

/** What a row's menu may offer; each page passes the ones its viewer is allowed to use. */
export type AccountAction =
  | 'add'
  | 'set'
  | 'transfer'
  | 'edit'
  | 'group'
  | 'ledger'
  | 'terms'
  | 'staff'
  | 'resend'
  | 'ban'
  | 'sessions';

/** Which columns a list shows: credits (/user) or everything an admin manages (/resellers). */
export type AccountsView = 'credits' | 'management';

export type AccountActionHandler = (action: AccountAction, account: ManagedAccount) => void;
