import {
  accountSecurityContracts,
  type ForgotPasswordBody,
  type ResetPasswordBody,
  type SecuritySettingsBody,
  type TwoFactorConfirmBody,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const accountSecurityKeys = {
  settings: ['security-settings'] as const,
};

export const accountSecurityApi = {
  forgotPassword: (body: ForgotPasswordBody) => callApi(accountSecurityContracts.forgotPassword, { body }),
  resetPassword: (body: ResetPasswordBody) => callApi(accountSecurityContracts.resetPassword, { body }),
  verifyTwoFactor: (code: string) => callApi(accountSecurityContracts.verifyTwoFactor, { body: { code } }),
  enableTwoFactor: (password: string) =>
    callApi(accountSecurityContracts.enableTwoFactor, { body: { password } }),
  confirmTwoFactor: (body: TwoFactorConfirmBody) =>
    callApi(accountSecurityContracts.confirmTwoFactor, { body }),
  disableTwoFactor: (password: string) =>
    callApi(accountSecurityContracts.disableTwoFactor, { body: { password } }),
  getSettings: (signal?: AbortSignal) =>
    callApi(accountSecurityContracts.getSecuritySettings, {}, { signal }),
  updateSettings: (body: SecuritySettingsBody) =>
    callApi(accountSecurityContracts.updateSecuritySettings, { body }),
};
