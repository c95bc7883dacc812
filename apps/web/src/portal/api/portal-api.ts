import type {
  PortalActivateBody,
  PortalFreezeRequestBody,
  PortalPasswordBody,
  PortalSignInBody,
  portalContracts,
} from '@linedesk/shared';
import { callTyped } from '../../lib/api-client';

/**
 * The customer's endpoints, typed from their contracts by type alone (`callTyped`): the contracts'
 * zod schemas would be a quarter of the portal's whole first download.
 */
export const portalApi = {
  me: (signal?: AbortSignal) =>
    callTyped<typeof portalContracts.me>({ method: 'GET', path: '/api/portal/me' }, {}, { signal }),
  signIn: (body: PortalSignInBody) =>
    callTyped<typeof portalContracts.signIn>({ method: 'POST', path: '/api/portal/sign-in' }, { body }),
  signOut: () => callTyped<typeof portalContracts.signOut>({ method: 'POST', path: '/api/portal/sign-out' }),
  activate: (body: PortalActivateBody) =>
    callTyped<typeof portalContracts.activate>({ method: 'POST', path: '/api/portal/activate' }, { body }),
  changePassword: (body: PortalPasswordBody) =>
    callTyped<typeof portalContracts.changePassword>(
      { method: 'POST', path: '/api/portal/password' },
      { body },
    ),
  requestRenewal: () =>
    callTyped<typeof portalContracts.requestRenewal>({
      method: 'POST',
      path: '/api/portal/renewal-request',
    }),
  requestFreeze: (body: PortalFreezeRequestBody) =>
    callTyped<typeof portalContracts.requestFreeze>(
      { method: 'POST', path: '/api/portal/freeze-request' },
      { body },
    ),
};
