import type {
  ChangePasswordBody,
  Me,
  SessionInfo,
  SignInBody,
  SignUpBody,
  TwoFactorChallenge,
  UpdateProfileBody,
} from '@linedesk/shared';
import { apiClient, isApiError } from '../../../lib/api-client';

type MessageResponse = { message: string };

export const authKeys = {
  me: ['me'] as const,
  sessions: ['sessions'] as const,
};

export const authApi = {
  /** `null` when signed out, so "no session" is data rather than an error. */
  async getMe(signal?: AbortSignal): Promise<Me | null> {
    try {
      return await apiClient.get<Me>('/api/me', { signal });
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
  updateMe: (body: UpdateProfileBody) => apiClient.patch<Me>('/api/me', body),
  signIn: (body: SignInBody) => apiClient.post<Me | TwoFactorChallenge>('/api/auth/sign-in', body),
  signUp: (body: SignUpBody) => apiClient.post<MessageResponse>('/api/auth/sign-up', body),
  signOut: () => apiClient.post<MessageResponse>('/api/auth/sign-out'),
  resendConfirmation: (email: string) =>
    apiClient.post<MessageResponse>('/api/auth/resend-confirmation', { email }),
  verifyEmail: (token: string) => apiClient.post<Me>('/api/auth/verify-email', { token }),
  changePassword: (body: ChangePasswordBody) =>
    apiClient.post<MessageResponse>('/api/auth/change-password', body),
  listSessions: (signal?: AbortSignal) =>
    apiClient.get<{ items: SessionInfo[] }>('/api/auth/sessions', { signal }),
  endSession: (id: string) =>
    apiClient.delete<MessageResponse>(`/api/auth/sessions/${encodeURIComponent(id)}`),
};
