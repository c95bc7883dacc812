import { accountContracts, type AccountPatch, type CreateAccountBody } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export type AccountListParams = { page: number; pageSize: number; search?: string };

/** Under ['accounts'], the key an `auth_users` live event refreshes. */
export const accountKeys = {
  all: ['accounts'] as const,
  list: (params: AccountListParams) => ['accounts', 'list', params] as const,
};

export const accountsApi = {
  list: ({ page, pageSize, search }: AccountListParams, signal?: AbortSignal) =>
    callApi(accountContracts.list, { query: { page, page_size: pageSize, search } }, { signal }),
  create: (body: CreateAccountBody) => callApi(accountContracts.create, { body }),
  update: (id: string, body: AccountPatch) => callApi(accountContracts.update, { params: { id }, body }),
  addCredits: (id: string, amount: number, note?: string) =>
    callApi(accountContracts.addCredits, { params: { id }, headers: {}, body: { amount, note } }),
  setCredits: (id: string, credits: number, note?: string) =>
    callApi(accountContracts.setCredits, { params: { id }, headers: {}, body: { credits, note } }),
  transfer: (id: string, amount: number, note?: string) =>
    callApi(accountContracts.transferCredits, { params: { id }, headers: {}, body: { amount, note } }),
  endSessions: (id: string) => callApi(accountContracts.endSessions, { params: { id } }),
  resendConfirmation: (id: string) => callApi(accountContracts.resendConfirmation, { params: { id } }),
  acceptInvite: (token: string, password: string) =>
    callApi(accountContracts.acceptInvite, { body: { token, password } }),
};
