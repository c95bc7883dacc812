/** Credits, the ledger, redeem codes and top-ups. */
export const creditErrors = {
  INSUFFICIENT_CREDITS: {
    status: 402,
    message: 'Insufficient credits. Required: {{required}}, Available: {{available}}',
  },
  BALANCE_NEGATIVE: {
    status: 402,
    message:
      'Your balance is negative ({{balance}} credits) because a paid top-up was refunded or charged back. Top up to settle it before buying.',
  },
  INVALID_USER_ID: { status: 422, message: 'Invalid user ID' },
  CREDITS_NOT_POSITIVE: { status: 422, message: 'Credits must be greater than 0' },
  CREDITS_NEGATIVE: { status: 422, message: 'Credits cannot be negative' },
  INVALID_OR_EXPIRED_CODE: { status: 422, message: 'Invalid or expired code' },
  CODE_ALREADY_REDEEMED: { status: 409, message: 'Code already redeemed by this user' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request',
  },
  CREDITS_TOO_LARGE: { status: 422, message: 'The amount of credits is too large' },
  TRANSFER_TO_SELF: { status: 422, message: 'You cannot transfer credits to your own account' },
  REDEEM_CODE_NOT_FOUND: { status: 404, message: 'Redeem code not found' },
  EXPIRY_IN_PAST: { status: 422, message: 'The expiry date must be in the future' },
  CREDIT_PACKAGE_NOT_FOUND: { status: 404, message: 'Credit package not found' },
  PAYMENT_REFERENCE_REQUIRED: { status: 422, message: 'Payment reference is required' },
  REJECT_REASON_REQUIRED: { status: 422, message: 'A reason is required' },
  TOPUP_NOT_FOUND: { status: 404, message: 'Top-up request not found' },
  TOPUP_NO_RECEIPT: { status: 409, message: 'This top-up request was not credited, so it has no receipt' },
  TOPUP_ALREADY_DECIDED: { status: 409, message: 'This top-up request has already been decided' },
  TOPUP_NOT_REVOCABLE: {
    status: 409,
    message: 'Only a top-up approved by hand can be undone, and only once',
  },
  TOPUP_CREDITS_SPENT: {
    status: 409,
    message:
      'The credits of this top-up were already spent: the balance is {{balance}}, taking back {{credits}} would leave it below 0',
  },
  TOPUP_NOT_CANCELLABLE: { status: 409, message: 'This top-up request can no longer be cancelled' },
} as const;
