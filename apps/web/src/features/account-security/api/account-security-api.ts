import type {
  ForgotPasswordBody,
  Me,
  ResetPasswordBody,
  SecuritySettings,
  SecuritySettingsBody,
  TwoFactorSetup,
} from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

type MessageResponse = { message: string };

export const accountSecurityKeys = {
  settings: ['security-settings'] as const,
};

export const accountSecurityApi = {
  forgotPassword: (body: ForgotPasswordBody) =>
    apiClient.post<MessageResponse>('/api/auth/forgot-password', body),
  resetPassword: (body: ResetPasswordBody) =>
    apiClient.post<MessageResponse>('/api/auth/reset-password', body),
  verifyTwoFactor: (code: string) => apiClient.post<Me>('/api/auth/two-factor/verify', { code }),
  enableTwoFactor: (password: string) =>
    apiClient.post<TwoFactorSetup>('/api/auth/two-factor/enable', { password }),
  confirmTwoFactor: (code: string) => apiClient.post<Me>('/api/auth/two-factor/confirm', { code }),
  disableTwoFactor: (password: string) => apiClient.post<Me>('/api/auth/two-factor/disable', { password }),
  getSettings: (signal?: AbortSignal) =>
    apiClient.get<SecuritySettings>('/api/security-settings', { signal }),
  updateSettings: (body: SecuritySettingsBody) =>
    apiClient.patch<SecuritySettings>('/api/security-settings', body),
};
