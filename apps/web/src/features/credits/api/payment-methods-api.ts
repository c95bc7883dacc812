import {
  paymentMethodContracts,
  type Currency,
  type PaymentMethodCreateBody,
  type PaymentMethodPatch,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Under ['payment-methods'], the key a `payment_methods` live event refreshes. */
export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  list: ['payment-methods', 'list'] as const,
  available: (currency: Currency | undefined) => ['payment-methods', 'available', { currency }] as const,
};

export const paymentMethodsApi = {
  list: (signal?: AbortSignal) => callApi(paymentMethodContracts.list, {}, { signal }),
  available: (currency: Currency | undefined, signal?: AbortSignal) =>
    callApi(paymentMethodContracts.available, { query: { currency } }, { signal }),
  create: (body: PaymentMethodCreateBody) => callApi(paymentMethodContracts.create, { body }),
  update: (id: number, body: PaymentMethodPatch) =>
    callApi(paymentMethodContracts.update, { params: { id }, body }),
  remove: (id: number) => callApi(paymentMethodContracts.remove, { params: { id } }),
};
