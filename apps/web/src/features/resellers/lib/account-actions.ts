import type { ManagedAccount } from '@linedesk/shared';

/** What a row's menu may offer; each page passes the ones its viewer is allowed to use. */
export type AccountAction = 'add' | 'set' | 'transfer' | 'edit' | 'group' | 'ledger' | 'ban' | 'sessions';

export type AccountActionHandler = (action: AccountAction, account: ManagedAccount) => void;
