import type {
  AccountPatch,
  CreateAccountBody,
  CreateAccountResult,
  CreditOperationResult,
  ListResponse,
  ManagedAccount,
  ResendAccountConfirmationResult,
} from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

export type AccountListParams = { page: number; pageSize: number; search?: string };

/** Under ['accounts'], the key an `auth_users` live event refreshes. */
export const accountKeys = {
  all: ['accounts'] as const,
  list: (params: AccountListParams) => ['accounts', 'list', params] as const,
};

export const accountsApi = {
  list: ({ page, pageSize, search }: AccountListParams, signal?: AbortSignal) => {
    const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
    if (search) query.set('search', search);
    return apiClient.get<ListResponse<ManagedAccount>>(`/api/accounts?${query}`, { signal });
  },
  create: (body: CreateAccountBody) => apiClient.post<CreateAccountResult>('/api/accounts', body),
  update: (id: string, body: AccountPatch) =>
    apiClient.patch<ManagedAccount>(`/api/accounts/${encodeURIComponent(id)}`, body),
  addCredits: (id: string, amount: number, note?: string) =>
    apiClient.post<CreditOperationResult>(`/api/accounts/${encodeURIComponent(id)}/credits`, {
      amount,
      note,
    }),
  setCredits: (id: string, credits: number, note?: string) =>
    apiClient.put<CreditOperationResult>(`/api/accounts/${encodeURIComponent(id)}/credits`, {
      credits,
      note,
    }),
  transfer: (id: string, amount: number, note?: string) =>
    apiClient.post<CreditOperationResult>(`/api/accounts/${encodeURIComponent(id)}/transfer`, {
      amount,
      note,
    }),
  endSessions: (id: string) =>
    apiClient.delete<{ message: string; ended: number }>(`/api/accounts/${encodeURIComponent(id)}/sessions`),
  resendConfirmation: (id: string) =>
    apiClient.post<ResendAccountConfirmationResult>(
      `/api/accounts/${encodeURIComponent(id)}/resend-confirmation`,
    ),
  acceptInvite: (token: string, password: string) =>
    apiClient.post<unknown>('/api/accounts/invite/accept', { token, password }),
};
