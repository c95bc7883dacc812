import { useMemo } from 'react';
import { useAccount } from '../../auth/hooks/account-context';
import { lineRights, type LineRights } from '../lib/line-rights';

/** What the lines screens offer the signed-in account (`lineRights`), new only when the account changes. */
export function useLineRights(): LineRights {
  const account = useAccount();
  return useMemo(() => lineRights(account), [account]);
}
