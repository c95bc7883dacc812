import { type authContracts, type setupGuideContracts } from '@linedesk/shared';
import { callTyped } from '../../../lib/api-client';

/** Refreshed by the events of servers, packages, settings and accounts (`event-query-keys.ts`). */
export const setupGuideKeys = { guide: ['setup-guide'] as const, signUp: ['sign-up-settings'] as const };

/** Through `callTyped`: the dashboard shows the guide with its figures, in the first download. */
export const setupGuideApi = {
  get: (signal?: AbortSignal) =>
    callTyped<typeof setupGuideContracts.get>({ method: 'GET', path: '/api/setup-guide' }, {}, { signal }),
  setHidden: (hidden: boolean) =>
    callTyped<typeof setupGuideContracts.setHidden>(
      { method: 'PUT', path: '/api/setup-guide' },
      { body: { hidden } },
    ),
  getSignUp: (signal?: AbortSignal) =>
    callTyped<typeof authContracts.getSignUpSettings>(
      { method: 'GET', path: '/api/sign-up-settings' },
      {},
      { signal },
    ),
  setSignUp: (open: boolean) =>
    callTyped<typeof authContracts.updateSignUpSettings>(
      { method: 'PUT', path: '/api/sign-up-settings' },
      { body: { open } },
    ),
};
