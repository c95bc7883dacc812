import type { PortalMe } from '@linedesk/shared';
import { createContext } from 'react';

/**
 * The signed-in customer's line: null when no one is signed in; `error` when the server refused (the
 * portal is off) or could not be reached. Known before the first render (`portal-main.tsx`).
 */
export type MeState = { status: 'error'; error: unknown } | { status: 'ready'; me: PortalMe | null };

export type PortalState = {
  me: MeState;
  /** After a sign-in, an activation, a new password or a sign-out: the line as the server answered. */
  setMe: (me: PortalMe | null) => void;
  /** The address inside the portal (`/my`, `/my/sign-in`, `/my/activate`) and its query. */
  path: string;
  search: URLSearchParams;
  /** Moves inside the portal without loading the page again (`replace`: no new history entry). */
  navigate: (to: string, options?: { replace?: boolean }) => void;
};

export const PortalContext = createContext<PortalState | null>(null);
