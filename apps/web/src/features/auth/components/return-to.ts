import { paths } from '../../../lib/paths';

/** Location state the auth guard leaves for the sign-in page. */
export type ReturnToState = { returnTo?: string };

export function returnToPath(state: unknown): string {
  const returnTo = (state as ReturnToState | null)?.returnTo;
  // Only in-app paths: never bounce to another origin.
  return returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : paths.root;
}
