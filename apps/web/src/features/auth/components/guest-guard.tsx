import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { useMe } from '../hooks/use-me';
import { returnToPath } from './return-to';

/** Sign-in and sign-up make no sense with a live session; send those visitors on (this also
 * completes a fresh sign-in, whose cached account re-renders this guard first). */
export function GuestGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data: me, isPending } = useMe();
  if (isPending) return <LoadingScreen />;
  if (me) return <Navigate to={returnToPath(location.state)} replace />;
  return children;
}
