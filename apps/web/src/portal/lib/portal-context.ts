import type { PortalMe } from '@linedesk/shared';
import { createContext } from 'react';

/**
 * The signed-in customer's line: null when no one is signed in; `error` when the server refused (the
 * portal is off) or could not be reached. Known before the first render (`portal-main.tsx`).
 */
export type MeState = { status: 'error'; error: unknown } | { status: 'ready'; me: PortalMe | null };

/** What the line page says first after an activation on the code page: a new line, or a renewal. */
export type PortalNotice = { kind: 'created' } | { kind: 'renewed'; expiryDate: string };

export type PortalState = {
  me: MeState;
  /** After a sign-in, an activation, a new password or a sign-out: the line as the server answered. */
  setMe: (me: PortalMe | null) => void;
  /** The address inside the portal (`/my`, `/my/sign-in`, `/my/activate`) and its query. */
  path: string;
  search: URLSearchParams;
  /** Said at the top of the line page after an activation, until the customer moves on. */
  notice: PortalNotice | null;
  setNotice: (notice: PortalNotice | null) => void;
  /** Moves inside the portal without loading the page again (`replace`: no new history entry). */
  navigate: (to: string, options?: { replace?: boolean }) => void;
};

export const PortalContext = createContext<PortalState | null>(null);
