import {
  type topUpContracts,
  type ContractInput,
  type CreateTopUpBody,
  type TopUpSettings,
  type TopUpSortField,
  type TopUpStatus,
} from '@linedesk/shared';
import { callTyped } from '../../../lib/api-client';

export type TopUpPaymentInput = { payment_reference: string; file: File | null };
type SubmitCall = ContractInput<typeof topUpContracts.submit>;

/** The admin's filters of the list and its CSV (a requester's list takes only the state). */
export type TopUpFilters = {
  status?: TopUpStatus;
  search?: string;
  methodId?: number;
  from?: string;
  to?: string;
  sort?: TopUpSortField;
  order?: 'asc' | 'desc';
};

export type TopUpListParams = TopUpFilters & { page: number; pageSize: number; counts?: boolean };

function filterQuery(filters: TopUpFilters) {
  return {
    status: filters.status,
    search: filters.search || undefined,
    method_id: filters.methodId,
    from: filters.from || undefined,
    to: filters.to || undefined,
    sort: filters.sort,
    order: filters.order,
  };
}

/** The CSV of what the filters select: a download link, read by the browser, not through the client. */
export function topUpExportUrl(filters: TopUpFilters): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filterQuery(filters))) {
    if (value !== undefined) search.set(name, String(value));
  }
  const query = search.toString();
  return `/api/topups/export.csv${query ? `?${query}` : ''}`;
}

/** Under ['topups'], the key a `topup_requests` live event refreshes (the pending count included). */
export const topUpKeys = {
  all: ['topups'] as const,
  list: (params: TopUpListParams) => ['topups', 'list', params] as const,
  one: (id: number) => ['topups', 'one', id] as const,
  receipt: (id: number) => ['topups', 'receipt', id] as const,
  pendingCount: ['topups', 'pending-count'] as const,
  settings: ['settings', 'topups'] as const,
};

/** Through `callTyped`: the signed-in shell or the dashboard needs this area in the first download. */
export const topUpsApi = {
  list: ({ page, pageSize, counts, ...filters }: TopUpListParams, signal?: AbortSignal) =>
    callTyped<typeof topUpContracts.list>(
      { method: 'GET', path: '/api/topups' },
      {
        query: {
          page,
          page_size: pageSize,
          counts: counts ? 'true' : undefined,
          ...filterQuery(filters),
        } as ContractInput<typeof topUpContracts.list>['query'],
      },
      { signal },
    ),
  settings: (signal?: AbortSignal) =>
    callTyped<typeof topUpContracts.getSettings>(
      { method: 'GET', path: '/api/topup-settings' },
      {},
      { signal },
    ),
  saveSettings: (body: TopUpSettings) =>
    callTyped<typeof topUpContracts.setSettings>({ method: 'PUT', path: '/api/topup-settings' }, { body }),
  get: (id: number, signal?: AbortSignal) =>
    callTyped<typeof topUpContracts.get>(
      { method: 'GET', path: '/api/topups/:id' },
      { params: { id } },
      { signal },
    ),
  receipt: (id: number, signal?: AbortSignal) =>
    callTyped<typeof topUpContracts.receipt>(
      { method: 'GET', path: '/api/topups/:id/receipt' },
      { params: { id } },
      { signal },
    ),
  create: (body: CreateTopUpBody) =>
    callTyped<typeof topUpContracts.create>({ method: 'POST', path: '/api/topups' }, { body }),
  /**
   * The payment's reference, as a multipart form when a proof file goes with it; the contract leaves
   * the body to the server's own reading, so it is passed along as it is.
   */
  submit: (id: number, { payment_reference, file }: TopUpPaymentInput) => {
    let body: { payment_reference: string } | FormData = { payment_reference };
    if (file) {
      body = new FormData();
      body.append('payment_reference', payment_reference);
      body.append('file', file, file.name);
    }
    return callTyped<typeof topUpContracts.submit>({ method: 'POST', path: '/api/topups/:id/submit' }, {
      params: { id },
      body,
    } as SubmitCall);
  },
  pendingCount: (signal?: AbortSignal) =>
    callTyped<typeof topUpContracts.pendingCount>(
      { method: 'GET', path: '/api/topups/pending-count' },
      {},
      { signal },
    ),
  approve: (id: number) =>
    callTyped<typeof topUpContracts.approve>(
      { method: 'POST', path: '/api/topups/:id/approve' },
      { params: { id }, headers: {} },
    ),
  reject: (id: number, reason: string) =>
    callTyped<typeof topUpContracts.reject>(
      { method: 'POST', path: '/api/topups/:id/reject' },
      { params: { id }, body: { reason } },
    ),
  revoke: (id: number, reason: string) =>
    callTyped<typeof topUpContracts.revoke>(
      { method: 'POST', path: '/api/topups/:id/revoke' },
      { params: { id }, body: { reason } },
    ),
  cancel: (id: number) =>
    callTyped<typeof topUpContracts.cancel>(
      { method: 'POST', path: '/api/topups/:id/cancel' },
      { params: { id } },
    ),
};

/** The receipt as a PDF in `language`: a download link, read by the browser, not through the client. */
export const receiptPdfUrl = (id: number, language: string | undefined) =>
  `/api/topups/${id}/receipt.pdf${language ? `?lang=${encodeURIComponent(language)}` : ''}`;
