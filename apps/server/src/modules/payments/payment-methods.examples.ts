import type { AvailablePaymentMethod, PaymentMethod } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const sepa: PaymentMethod = {
  id: 1,
  kind: 'manual',
  name: 'Bank transfer (SEPA)',
  enabled: true,
  currency: 'EUR',
  fee_bps: 0,
  instructions:
    'IBAN: DE89 3704 0044 0532 0130 00\nBIC: COBADEFFXXX\nAccount holder: Example Media GmbH\nPut the reference shown below on the transfer.',
  instructions_translations: {
    de: 'IBAN: DE89 3704 0044 0532 0130 00\nBIC: COBADEFFXXX\nKontoinhaber: Example Media GmbH\nGeben Sie die unten gezeigte Referenz als Verwendungszweck an.',
  },
  channel: 'bank',
  proof_required: true,
  server_url: null,
  store_id: null,
  secret_key_set: false,
  webhook_secret_set: false,
  api_key_set: false,
  created_at: '2026-11-02T09:14:07.512Z',
  updated_at: '2026-11-02T09:14:07.512Z',
};

const usdt: PaymentMethod = {
  ...sepa,
  id: 2,
  name: 'USDT TRC-20',
  currency: 'USD',
  fee_bps: 150,
  instructions:
    'Send USDT on TRON to this address and upload the transaction screenshot.\nAddress: TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  instructions_translations: {},
  channel: 'crypto',
};

const stripe: PaymentMethod = {
  ...sepa,
  id: 3,
  kind: 'stripe',
  name: 'Card (Stripe)',
  fee_bps: 290,
  instructions: null,
  instructions_translations: {},
  channel: null,
  proof_required: false,
  secret_key_set: true,
  webhook_secret_set: true,
};

const available = (method: PaymentMethod): AvailablePaymentMethod => ({
  id: method.id,
  kind: method.kind,
  name: method.name,
  currency: method.currency,
  fee_bps: method.fee_bps,
  instructions: method.instructions,
  instructions_translations: method.instructions_translations,
  channel: method.channel,
  proof_required: method.proof_required,
});

export const paymentMethodExamples: RouteExamples = {
  'GET /api/payment-methods': { response: [sepa, stripe, usdt] },
  'GET /api/payment-methods/available': { query: { currency: 'EUR' }, response: [available(sepa)] },
  'POST /api/payment-methods': {
    body: {
      kind: 'manual',
      name: sepa.name,
      currency: 'EUR',
      fee_bps: 0,
      instructions: sepa.instructions,
      instructions_translations: sepa.instructions_translations,
      channel: 'bank',
      proof_required: true,
    },
    response: sepa,
  },
  'PATCH /api/payment-methods/:id': {
    params: { id: 3 },
    body: { secret_key: 'sk_live_51N…', fee_bps: 250 },
    response: { ...stripe, fee_bps: 250, updated_at: '2026-11-21T17:40:02.118Z' },
  },
  'DELETE /api/payment-methods/:id': { noContent: true, params: { id: 2 } },
};
