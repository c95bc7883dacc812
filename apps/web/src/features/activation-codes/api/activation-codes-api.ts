import {
  activationCodeContracts,
  contractPath,
  type ActivationBody,
  type ActivationCodesBody,
  type ActivationCodeState,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export type CodeListParams = { page: number; pageSize: number; state?: ActivationCodeState; search?: string };

/** Under ['activation-codes'], the key an `activation_codes` live event refreshes. */
export const activationCodeKeys = {
  all: ['activation-codes'] as const,
  list: (params: CodeListParams) => ['activation-codes', 'list', params] as const,
  preview: (body: ActivationCodesBody) => ['activation-codes', 'preview', body] as const,
};

function listQuery(params: Omit<CodeListParams, 'page' | 'pageSize'>) {
  return { state: params.state, search: params.search?.trim() || undefined };
}

/** The CSV of the codes the list's filter selects (a plain link: the browser downloads it). */
export function activationCodesCsvUrl(params: Omit<CodeListParams, 'page' | 'pageSize'>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(listQuery(params))) if (value) query.set(key, value);
  const text = query.toString();
  return `${contractPath(activationCodeContracts.exportCsv.path, undefined)}${text ? `?${text}` : ''}`;
}

export const activationCodesApi = {
  list: (params: CodeListParams, signal?: AbortSignal) =>
    callApi(
      activationCodeContracts.list,
      { query: { page: params.page, page_size: params.pageSize, ...listQuery(params) } },
      { signal },
    ),
  preview: (body: ActivationCodesBody, signal?: AbortSignal) =>
    callApi(activationCodeContracts.preview, { body }, { signal }),
  generate: (body: ActivationCodesBody, idempotencyKey: string) =>
    callApi(activationCodeContracts.generate, { body, headers: { 'idempotency-key': idempotencyKey } }),
  voidCode: (id: number) => callApi(activationCodeContracts.voidCode, { params: { id } }),
  activate: (body: ActivationBody) => callApi(activationCodeContracts.activate, { body }),
};
