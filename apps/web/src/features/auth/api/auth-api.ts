import {
  type accountContracts,
  type authContracts,
  type ChangePasswordBody,
  type Language,
  type localeContracts,
  type SignUpBody,
  type UpdateProfileBody,
} from '@linedesk/shared';
import { callTyped } from '../../../lib/api-client';
import { signInApi } from './sign-in-api';

export { authKeys } from './sign-in-api';

/** Through `callTyped`: the signed-in shell or the dashboard needs this area in the first download. */
export const authApi = {
  ...signInApi,
  updateMe: (body: UpdateProfileBody) =>
    callTyped<typeof accountContracts.updateMe>({ method: 'PATCH', path: '/api/me' }, { body }),
  /** `chosen: false`: the language this browser shows without a choice (for the account's texts only). */
  setLanguage: (language: Language, chosen: boolean) =>
    callTyped<typeof localeContracts.setMyLanguage>(
      { method: 'PUT', path: '/api/me/language' },
      { body: { language, chosen } },
    ),
  signUp: (body: SignUpBody) =>
    callTyped<typeof authContracts.signUp>({ method: 'POST', path: '/api/auth/sign-up' }, { body }),
  signOut: () => callTyped<typeof authContracts.signOut>({ method: 'POST', path: '/api/auth/sign-out' }),
  resendConfirmation: (email: string) =>
    callTyped<typeof authContracts.resendConfirmation>(
      { method: 'POST', path: '/api/auth/resend-confirmation' },
      { body: { email } },
    ),
  verifyEmail: (token: string) =>
    callTyped<typeof authContracts.verifyEmail>(
      { method: 'POST', path: '/api/auth/verify-email' },
      { body: { token } },
    ),
  changePassword: (body: ChangePasswordBody) =>
    callTyped<typeof authContracts.changePassword>(
      { method: 'POST', path: '/api/auth/change-password' },
      { body },
    ),
  listSessions: (signal?: AbortSignal) =>
    callTyped<typeof authContracts.listSessions>(
      { method: 'GET', path: '/api/auth/sessions' },
      {},
      { signal },
    ),
  endSession: (id: string) =>
    callTyped<typeof authContracts.endSession>(
      { method: 'DELETE', path: '/api/auth/sessions/:id' },
      { params: { id } },
    ),
};
