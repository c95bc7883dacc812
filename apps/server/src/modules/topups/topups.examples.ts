import type { TopUpRequest } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';
import { topUpCsvHeader } from './topup-csv.js';

const ADMIN_ID = '0b7e4c2a-5d1f-4e8b-9a3c-6f2d8e1b7a40';
const RESELLER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

// Package 2 ("Reseller 25") as it was when requested: the request keeps its own copy. The dashboard's
// to-do list shows this same request as the one waiting for the admin.
export const pendingTopUpExample: TopUpRequest = {
  id: 18,
  account_id: RESELLER_ID,
  account_email: 'reseller@example.com',
  package_id: 2,
  package_name: 'Reseller 25',
  credits: 25,
  price_cents: 2000,
  currency: 'EUR',
  payment_reference: 'SEPA RF18 5390 0754 7034',
  status: 'pending',
  reject_reason: null,
  expired_reason: null,
  decided_by: null,
  decided_by_email: null,
  decided_at: null,
  provider: null,
  provider_payment_id: null,
  method_id: null,
  method_name: null,
  method_kind: null,
  fee_cents: 0,
  amount_cents: 2000,
  reference_code: null,
  instructions: null,
  instructions_translations: {},
  channel: null,
  proof_required: false,
  proof: null,
  checkout_url: null,
  surplus_cents: null,
  surplus_currency: null,
  receipt_number: null,
  reversal: null,
  refunds: [],
  disputes: [],
  invalidated: false,
  revocation: null,
  created_at: '2026-11-20T08:03:55.418Z',
};

// The same package bought with a manual method: our reference to pay with, then the proof.
const awaiting: TopUpRequest = {
  ...pendingTopUpExample,
  id: 19,
  payment_reference: null,
  status: 'awaiting_payment',
  method_id: 1,
  method_name: 'Bank transfer (SEPA)',
  method_kind: 'manual',
  fee_cents: 0,
  amount_cents: 2000,
  reference_code: 'LD-7K3M-9QXR',
  instructions:
    'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX, Example Media GmbH. Put the reference shown below on the transfer.',
  proof_required: true,
  created_at: '2026-11-20T08:10:12.004Z',
};

const submitted: TopUpRequest = {
  ...awaiting,
  status: 'pending',
  payment_reference: 'Transfer of 20.00 EUR, 20 Nov',
  proof: {
    url: '/api/topups/19/proof',
    file_name: 'transfer.pdf',
    content_type: 'application/pdf',
    size: 48213,
  },
};

// The same package paid by card: Stripe's checkout page to go to; the webhook credits it.
const stripeCheckout: TopUpRequest = {
  ...pendingTopUpExample,
  id: 22,
  payment_reference: null,
  status: 'awaiting_payment',
  method_id: 3,
  method_name: 'Card (Stripe)',
  method_kind: 'stripe',
  fee_cents: 60,
  amount_cents: 2060,
  reference_code: 'LD-Q4WZ-8HNC',
  checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8',
  created_at: '2026-11-21T10:02:44.913Z',
};

const stripeRefund = {
  id: 're_3QeX2bL8m1Zp4RtY0aKc9Wf1',
  amount_cents: 1000,
  status: 'succeeded',
  counts: true,
  at: '2026-11-23T09:12:38.000Z',
};

const decided = {
  decided_by: ADMIN_ID,
  decided_by_email: 'admin@example.com',
  decided_at: '2026-11-20T15:40:12.306Z',
  provider: 'manual',
} as const;

const approved: TopUpRequest = { ...pendingTopUpExample, ...decided, status: 'approved' };

const rejected: TopUpRequest = {
  ...pendingTopUpExample,
  ...decided,
  status: 'rejected',
  reject_reason: 'No payment with this reference arrived; please check the IBAN and send the reference again',
};

const other: TopUpRequest = {
  ...pendingTopUpExample,
  id: 21,
  account_id: 'e3b1f6a2-94c7-4d05-8b2e-51a9c7d4f018',
  account_email: 'kiosk-north@example.com',
  package_id: 1,
  package_name: 'Starter 10',
  credits: 10,
  price_cents: 900,
  amount_cents: 900,
  payment_reference: 'PayPal 6TY41827BX3302149',
  created_at: '2026-12-01T19:26:40.662Z',
};

const later: TopUpRequest = {
  ...pendingTopUpExample,
  id: 20,
  package_id: 3,
  package_name: 'Pro 100',
  credits: 100,
  price_cents: 7000,
  amount_cents: 7000,
  payment_reference: 'SEPA RF20 8812 4471 0065',
  created_at: '2026-11-30T21:12:09.145Z',
};

export const topUpExamples: RouteExamples = {
  'POST /api/topups': {
    body: { package_id: 2, method_id: 1 },
    response: awaiting,
  },
  'GET /api/topups': {
    query: { page: 1, page_size: 25, status: 'pending', counts: 'true' },
    response: {
      items: [other, later, submitted],
      total: 3,
      page: 1,
      page_size: 25,
      status_counts: [
        { status: 'pending', count: 3 },
        { status: 'awaiting_payment', count: 1 },
        { status: 'approved', count: 41 },
        { status: 'rejected', count: 2 },
        { status: 'expired', count: 5 },
        { status: 'needs_attention', count: 1 },
      ],
    },
  },
  'GET /api/topups/export.csv': {
    query: { status: 'approved', from: '2026-11-01', to: '2026-11-30' },
    rawResponse: {
      contentType: 'text/csv',
      example:
        topUpCsvHeader() +
        '22,2026-11-21T10:02:44.913Z,reseller@example.com,Reseller 25,25,Card (Stripe),stripe,stripe,cs_test_a1B2c3D4e5F6g7H8,LD-Q4WZ-8HNC,,EUR,20.00,0.60,20.60,approved,,,2026-11-21T10:04:01.277Z,\r\n',
    },
  },
  'GET /api/topup-settings': { response: { unpaid_expiry_days: 7 } },
  'PUT /api/topup-settings': { body: { unpaid_expiry_days: 14 }, response: { unpaid_expiry_days: 14 } },
  'POST /api/topups/:id/submit': {
    params: { id: 19 },
    // JSON `{"payment_reference": "..."}` is accepted too when the method needs no proof.
    rawBody: {
      contentType: 'multipart/form-data',
      example: [
        '--LinedeskBoundary',
        'Content-Disposition: form-data; name="payment_reference"',
        '',
        'Transfer of 20.00 EUR, 20 Nov',
        '--LinedeskBoundary',
        'Content-Disposition: form-data; name="file"; filename="transfer.pdf"',
        'Content-Type: application/pdf',
        '',
        '<PDF bytes>',
        '--LinedeskBoundary--',
      ].join('\r\n'),
    },
    response: submitted,
  },
  'GET /api/topups/:id/proof': {
    params: { id: 19 },
    rawResponse: { contentType: 'application/pdf', example: '<PDF bytes of transfer.pdf, 48213 bytes>' },
  },
  'GET /api/topups/:id': {
    params: { id: 22 },
    // Paid by card; Stripe later refunded 10.00 EUR of it: 13 of its 25 credits were taken back.
    response: {
      ...stripeCheckout,
      status: 'approved',
      provider: 'stripe',
      provider_payment_id: 'cs_test_a1B2c3D4e5F6g7H8',
      decided_at: '2026-11-21T10:04:01.277Z',
      receipt_number: 'R-2026-000123',
      reversal: { state: 'partially_refunded', credits: 13, at: '2026-11-23T09:12:40.018Z' },
      refunds: [stripeRefund],
    },
  },
  'GET /api/topups/:id/receipt': {
    params: { id: 22 },
    response: {
      id: 22,
      receipt_number: 'R-2026-000123',
      issued_at: '2026-11-21T10:04:01.277Z',
      seller: {
        email: 'support@example.com',
        telegram: '@linedesk_support',
        whatsapp: '+49 30 1234 5678',
        hours: 'Mon–Sat 09:00–21:00 CET',
        note: '',
        company_name: 'Example Media GmbH',
        address: 'Hauptstraße 1\n10115 Berlin\nGermany',
        tax_id: 'DE123456789',
      },
      buyer: {
        id: RESELLER_ID,
        email: 'reseller@example.com',
        name: 'Nowak Sat Sp. z o.o.',
        address: 'ul. Długa 5\n00-238 Warszawa\nPoland',
        tax_id: 'PL5260001246',
      },
      package_name: 'Reseller 25',
      credits: 25,
      price_cents: 2000,
      fee_cents: 60,
      amount_cents: 2060,
      currency: 'EUR',
      method_name: 'Card (Stripe)',
      method_kind: 'stripe',
      provider: 'stripe',
      provider_payment_id: 'cs_test_a1B2c3D4e5F6g7H8',
      reference_code: 'LD-Q4WZ-8HNC',
      payment_reference: null,
      surplus_cents: null,
      surplus_currency: null,
      reversal: { state: 'partially_refunded', credits: 13, at: '2026-11-23T09:12:40.018Z' },
      refunded_cents: 1000,
      refunds: [stripeRefund],
      revocation: null,
    },
  },
  'GET /api/topups/:id/receipt.pdf': {
    params: { id: 22 },
    query: { lang: 'de' },
    rawResponse: { contentType: 'application/pdf', example: '<PDF bytes of receipt R-2026-000123, A4>' },
  },
  'GET /api/topups/pending-count': { response: { count: 2 } },
  'POST /api/topups/:id/approve': {
    params: { id: 18 },
    response: approved,
  },
  'POST /api/topups/:id/reject': {
    params: { id: 18 },
    body: { reason: rejected.reject_reason },
    response: rejected,
  },
  'POST /api/topups/:id/revoke': {
    params: { id: 18 },
    body: { reason: 'The transfer was returned by the bank' },
    response: {
      ...approved,
      status: 'revoked',
      revocation: {
        at: '2026-11-20T12:41:09.305Z',
        by: ADMIN_ID,
        by_email: 'admin@example.com',
        reason: 'The transfer was returned by the bank',
      },
    },
  },
  'POST /api/topups/:id/cancel': {
    params: { id: 22 },
    response: { ...stripeCheckout, status: 'expired', expired_reason: 'cancelled' },
  },
};
