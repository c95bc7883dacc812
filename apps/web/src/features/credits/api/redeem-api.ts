import { redeemContracts, type CreateRedeemCodesBody, type RedeemCodePatch } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export type PageParams = { page: number; pageSize: number };

/** Codes and the history both live under ['redeem-codes'], the key a `redeem_codes` event refreshes. */
export const redeemKeys = {
  all: ['redeem-codes'] as const,
  codes: (params: PageParams) => ['redeem-codes', 'codes', params] as const,
  history: (params: PageParams) => ['redeem-codes', 'history', params] as const,
};

const pageQuery = ({ page, pageSize }: PageParams) => ({ page, page_size: pageSize });

export const redeemApi = {
  redeem: (code: string) => callApi(redeemContracts.redeem, { body: { code }, headers: {} }),
  history: (params: PageParams, signal?: AbortSignal) =>
    callApi(redeemContracts.listHistory, { query: pageQuery(params) }, { signal }),
  listCodes: (params: PageParams, signal?: AbortSignal) =>
    callApi(redeemContracts.listCodes, { query: pageQuery(params) }, { signal }),
  createCodes: (body: CreateRedeemCodesBody) => callApi(redeemContracts.createCodes, { body }),
  updateCode: (id: number, body: RedeemCodePatch) =>
    callApi(redeemContracts.updateCode, { params: { id }, body }),
  removeCode: (id: number) => callApi(redeemContracts.deleteCode, { params: { id } }),
};
