import {
  accountContracts,
  authContracts,
  type ChangePasswordBody,
  type SignUpBody,
  type UpdateProfileBody,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';
import { signInApi } from './sign-in-api';

export { authKeys } from './sign-in-api';

export const authApi = {
  ...signInApi,
  updateMe: (body: UpdateProfileBody) => callApi(accountContracts.updateMe, { body }),
  signUp: (body: SignUpBody) => callApi(authContracts.signUp, { body }),
  signOut: () => callApi(authContracts.signOut),
  resendConfirmation: (email: string) => callApi(authContracts.resendConfirmation, { body: { email } }),
  verifyEmail: (token: string) => callApi(authContracts.verifyEmail, { body: { token } }),
  changePassword: (body: ChangePasswordBody) => callApi(authContracts.changePassword, { body }),
  listSessions: (signal?: AbortSignal) => callApi(authContracts.listSessions, {}, { signal }),
  endSession: (id: string) => callApi(authContracts.endSession, { params: { id } }),
};
