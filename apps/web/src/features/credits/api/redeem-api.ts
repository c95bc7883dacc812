import type {
  CreateRedeemCodesBody,
  CreatedRedeemCode,
  ListResponse,
  RedeemCode,
  RedeemCodePatch,
  RedeemHistoryEntry,
  RedeemResult,
} from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

export type PageParams = { page: number; pageSize: number };

/** Codes and the history both live under ['redeem-codes'], the key a `redeem_codes` event refreshes. */
export const redeemKeys = {
  all: ['redeem-codes'] as const,
  codes: (params: PageParams) => ['redeem-codes', 'codes', params] as const,
  history: (params: PageParams) => ['redeem-codes', 'history', params] as const,
};

const pageQuery = ({ page, pageSize }: PageParams) => `page=${page}&page_size=${pageSize}`;

export const redeemApi = {
  redeem: (code: string) => apiClient.post<RedeemResult>('/api/redeem', { code }),
  history: (params: PageParams, signal?: AbortSignal) =>
    apiClient.get<ListResponse<RedeemHistoryEntry>>(`/api/redeem-history?${pageQuery(params)}`, { signal }),
  listCodes: (params: PageParams, signal?: AbortSignal) =>
    apiClient.get<ListResponse<RedeemCode>>(`/api/redeem-codes?${pageQuery(params)}`, { signal }),
  createCodes: (body: CreateRedeemCodesBody) =>
    apiClient.post<{ items: CreatedRedeemCode[] }>('/api/redeem-codes', body),
  updateCode: (id: number, body: RedeemCodePatch) =>
    apiClient.patch<RedeemCode>(`/api/redeem-codes/${id}`, body),
  removeCode: (id: number) => apiClient.delete(`/api/redeem-codes/${id}`),
};
