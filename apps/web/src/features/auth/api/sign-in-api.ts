import type { Me, SignInBody, SignUpSettings, TwoFactorChallenge } from '@linedesk/shared';
import { apiClient, isApiError } from '../../../lib/api-client';

export const authKeys = {
  me: ['me'] as const,
  sessions: ['sessions'] as const,
};

/**
 * The calls the sign-in page makes from its first download, which holds no zod: reading their
 * answers through the shared contracts (as `authApi`'s other calls do) would add the schemas and zod
 * to it, about 27 KB gzip, for a page that must show fast.
 */
export const signInApi = {
  /** `null` when signed out, so "no session" is data rather than an error. */
  async getMe(signal?: AbortSignal): Promise<Me | null> {
    try {
      return await apiClient.get<Me>('/api/me', { signal });
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
  /** Whether the page offers sign-up: an admin may have closed it (the server refuses it then). */
  getSignUpSettings: (signal?: AbortSignal) =>
    apiClient.get<SignUpSettings>('/api/sign-up-settings', { signal }),
  signIn: (body: SignInBody) => apiClient.post<Me | TwoFactorChallenge>('/api/auth/sign-in', body),
};
