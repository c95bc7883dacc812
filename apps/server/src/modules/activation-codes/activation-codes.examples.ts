import { csvRecord, type ActivationCode } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';
import { written } from '../lines/lines.examples.js';

const code: ActivationCode = {
  id: 311,
  code: 'K7QP-2MZX-HB4N-WT9R',
  owner_id: 'usr_reseller_anna',
  owner_email: 'anna@example.com',
  plan_id: 1,
  plan_name: 'Standard',
  subscription_months: 3,
  is_trial: false,
  charged: 5,
  state: 'unused',
  valid_until: '2027-02-22T09:14:03.512Z',
  created_at: '2026-11-24T09:14:03.512Z',
  activated_at: null,
  line_id: null,
  line_username: null,
  voided_at: null,
};

const body = { count: 20, plan_id: 1, subscription_months: 3, validity_days: 90 };

export const activationCodeExamples: RouteExamples = {
  'POST /api/activation-codes/preview': {
    body,
    response: {
      count: 20,
      charge_per_code: 5,
      charge_total: 100,
      balance: 240,
      balance_after: 140,
      valid_until: '2027-02-22T09:14:03.512Z',
    },
    errors: [
      ['INSUFFICIENT_CREDITS', { required: 100, available: 40 }],
      'ACTIVATION_CODES_INVALID_COUNT',
      'LINE_INVALID_DURATION',
    ],
  },
  'POST /api/activation-codes': {
    body,
    response: { items: [code, { ...code, id: 312, code: 'PX3D-9QWE-MN2B-T8KL' }], charged: 10, balance: 230 },
    errors: [['INSUFFICIENT_CREDITS', { required: 100, available: 40 }], 'ACTIVATION_CODES_INVALID_COUNT'],
  },
  'GET /api/activation-codes': {
    query: { state: 'unused', page: 1, page_size: 25 },
    response: { items: [code], total: 1, page: 1, page_size: 25 },
  },
  'GET /api/activation-codes/export.csv': {
    query: { state: 'unused' },
    rawResponse: {
      contentType: 'text/csv',
      example:
        csvRecord([
          'code',
          'state',
          'plan',
          'subscription_months',
          'trial',
          'charged',
          'valid_until',
          'created_at',
          'activated_at',
          'line',
          'voided_at',
          'owner',
        ]) +
        csvRecord([
          code.code,
          'unused',
          'Standard',
          3,
          'no',
          5,
          code.valid_until,
          code.created_at,
          null,
          null,
          null,
          'anna@example.com',
        ]),
    },
  },
  'POST /api/activation-codes/:id/void': {
    params: { id: 311 },
    response: {
      code: { ...code, state: 'void', voided_at: '2026-11-25T10:00:00.000Z' },
      refunded: 5,
      balance: 235,
    },
    errors: ['ACTIVATION_CODE_NOT_FOUND', 'ACTIVATION_CODE_USED', 'ACTIVATION_CODE_VOID'],
  },
  'POST /api/activation-codes/activate': {
    body: { code: 'k7qp 2mzx hb4n wt9r' },
    response: {
      ...written,
      charged: 0,
      code: {
        ...code,
        state: 'activated',
        activated_at: '2026-11-25T10:00:00.000Z',
        line_id: written.line.id,
        line_username: written.line.username,
      },
    },
    errors: [
      'ACTIVATION_CODE_NOT_FOUND',
      'ACTIVATION_CODE_USED',
      'ACTIVATION_CODE_VOID',
      'ACTIVATION_CODE_EXPIRED',
      'LINE_USERNAME_TAKEN',
    ],
  },
};
