import { useContext } from 'react';
import { PortalContext, type PortalState } from '../lib/portal-context';

/** The customer's line and the portal's address (`PortalApp`). */
export function usePortal(): PortalState {
  const state = useContext(PortalContext);
  if (!state) throw new Error('usePortal outside PortalApp');
  return state;
}
