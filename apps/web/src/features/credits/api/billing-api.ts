import type { BillingDetailsInput, billingContracts, SellerDetailsInput } from '@linedesk/shared';
import { callTyped } from '../../../lib/api-client';

export const billingKeys = {
  seller: ['settings', 'seller-details'] as const,
  mine: ['billing', 'mine'] as const,
};

export const billingApi = {
  seller: (signal?: AbortSignal) =>
    callTyped<typeof billingContracts.getSeller>(
      { method: 'GET', path: '/api/seller-details' },
      {},
      { signal },
    ),
  saveSeller: (body: SellerDetailsInput) =>
    callTyped<typeof billingContracts.setSeller>({ method: 'PUT', path: '/api/seller-details' }, { body }),
  mine: (signal?: AbortSignal) =>
    callTyped<typeof billingContracts.getMine>({ method: 'GET', path: '/api/me/billing' }, {}, { signal }),
  saveMine: (body: BillingDetailsInput) =>
    callTyped<typeof billingContracts.setMine>({ method: 'PUT', path: '/api/me/billing' }, { body }),
};
