import { linePriceList, type CreditPackage } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const starter: CreditPackage = {
  id: 1,
  name: 'Starter 10',
  credits: 10,
  price_cents: 900,
  currency: 'EUR',
  highlight: false,
  sort_order: 0,
  is_active: true,
  created_at: '2026-10-02T12:00:00.000Z',
  updated_at: '2026-10-02T12:00:00.000Z',
};

const reseller: CreditPackage = {
  ...starter,
  id: 2,
  name: 'Reseller 25',
  credits: 25,
  price_cents: 2000,
  highlight: true,
  sort_order: 1,
};

const pro: CreditPackage = {
  ...starter,
  id: 3,
  name: 'Pro 100',
  credits: 100,
  price_cents: 7000,
  sort_order: 2,
  created_at: '2026-11-15T16:22:48.031Z',
  updated_at: '2026-11-15T16:22:48.031Z',
};

// Off sale: only admins see it, with ?include_inactive=true.
const summer: CreditPackage = {
  ...starter,
  id: 4,
  name: 'Summer promo 60',
  credits: 60,
  price_cents: 3900,
  sort_order: 3,
  is_active: false,
  created_at: '2026-06-01T07:00:00.000Z',
  updated_at: '2026-09-01T07:00:00.000Z',
};

export const pricingExamples: RouteExamples = {
  'GET /api/pricing': {
    response: { line_prices: linePriceList(), trial_credits: 0, packages: [starter, reseller, pro] },
  },
  'GET /api/credit-packages': {
    query: { include_inactive: 'true' },
    response: { items: [starter, reseller, pro, summer] },
  },
  'POST /api/credit-packages': {
    body: {
      name: 'Pro 100',
      credits: 100,
      price_cents: 7000,
      currency: 'EUR',
      highlight: false,
      sort_order: 2,
    },
    response: pro,
  },
  'PATCH /api/credit-packages/:id': {
    params: { id: 3 },
    body: { price_cents: 6500, highlight: true },
    response: { ...pro, price_cents: 6500, highlight: true, updated_at: '2026-12-01T11:48:05.219Z' },
  },
  'DELETE /api/credit-packages/:id': {
    noContent: true,
    params: { id: 4 },
  },
};
