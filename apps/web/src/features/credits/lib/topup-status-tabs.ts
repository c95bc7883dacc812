import { topUpStatuses, type TopUpStatus } from '@linedesk/shared';

/** What needs an admin first, then what went wrong, then the settled ones. */
const preferred: readonly TopUpStatus[] = [
  'needs_attention',
  'pending',
  'awaiting_payment',
  'underpaid',
  'expired',
  'approved',
  'revoked',
  'rejected',
];

/**
 * The admin's state tabs: every state of the shared list, in the order above; a state added to the
 * list later comes after them without a change here.
 */
export function topUpStatusTabs(): TopUpStatus[] {
  return [
    ...preferred.filter((status) => topUpStatuses.includes(status)),
    ...topUpStatuses.filter((status) => !preferred.includes(status)),
  ];
}
