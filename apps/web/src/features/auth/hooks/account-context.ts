import type { Me } from '@linedesk/shared';
import { createContext, useContext } from 'react';

export const AccountContext = createContext<Me | null>(null);

/** The signed-in account; only valid below <AuthGuard>, which never renders its children without one. */
export function useAccount(): Me {
  const account = useContext(AccountContext);
  if (!account) throw new Error('useAccount must be used below <AuthGuard>');
  return account;
}
