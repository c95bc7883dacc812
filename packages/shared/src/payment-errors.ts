/** Payment methods and paying for a top-up. */
export const paymentErrors = {
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: 'Payment method not found' },
  PAYMENT_METHOD_UNAVAILABLE: { status: 422, message: 'This payment method is not available' },
  PAYMENT_METHOD_CURRENCY_MISMATCH: {
    status: 422,
    message: 'This payment method does not take the currency of this package',
  },
  PAYMENT_METHOD_SETTINGS_INVALID: {
    status: 422,
    message: 'These settings do not fit this kind of payment method',
  },
  PAYMENT_METHOD_IN_USE: {
    status: 409,
    message:
      'Requests still waiting for their payment at this method: {{count}}. Its webhooks are needed to credit them; switch the method off instead, and delete it once they are closed',
  },
  PAYMENT_PROOF_REQUIRED: { status: 422, message: 'A proof of payment is required for this method' },
  PAYMENT_PROOF_NOT_FOUND: { status: 404, message: 'Proof of payment not found' },
  TOPUP_NOT_AWAITING_PAYMENT: {
    status: 409,
    message: 'This top-up request is no longer waiting for your payment',
  },
  TOPUP_PAID_ONLINE: {
    status: 409,
    message:
      'This top-up is paid online: the payment completes by itself, and the credits arrive as soon as the payment provider confirms it. Nothing needs to be submitted.',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The payment provider could not be reached. Nothing was charged; please try again later',
  },
  // Deliberately says nothing about why: the log does (bad signature, replay, amount, unknown event).
  PAYMENT_WEBHOOK_REJECTED: { status: 400, message: 'Webhook rejected' },
} as const;
