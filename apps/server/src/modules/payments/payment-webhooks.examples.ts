import type { RouteExamples } from '../../platform/openapi-examples.js';

export const paymentWebhookExamples: RouteExamples = {
  'POST /api/payments/webhooks/stripe': {
    rawBody: {
      contentType: 'application/json',
      example: JSON.stringify({
        id: 'evt_1QbT8x2eZvKYlo2C',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_test_a1B2c3D4e5F6g7H8',
            object: 'checkout.session',
            client_reference_id: '22',
            metadata: { topup_request_id: '22', reference_code: 'LD-Q4WZ-8HNC' },
            amount_total: 2060,
            currency: 'eur',
            status: 'complete',
            payment_status: 'paid',
          },
        },
      }),
    },
    response: { received: true },
  },
};
