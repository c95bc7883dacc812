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
  'POST /api/payments/webhooks/btcpay': {
    rawBody: {
      contentType: 'application/json',
      example: JSON.stringify({
        deliveryId: 'Hq8ub8ouvpkEzqdf6AQRFz',
        webhookId: 'HoX5jBobvCmrAjAy2g6Csd',
        originalDeliveryId: 'Hq8ub8ouvpkEzqdf6AQRFz',
        isRedelivery: false,
        type: 'InvoiceSettled',
        timestamp: 1764068400,
        storeId: '9CiNzKoANXxmk5ayZngSXrHTiVvvgCrwrpFQd4m2K776',
        invoiceId: 'VGmMFr8Nyz7P2ycM4LYLDb',
        metadata: { orderId: 'LD-Q4WZ-8HNC', topupRequestId: '23' },
        manuallyMarked: false,
        overPaid: false,
      }),
    },
    response: { received: true },
  },
};
