/** Credits, the ledger, redeem codes and top-ups (spec sections 5 and 8). */
export const creditErrors = {
  CREDITS_UNVERIFIABLE: 'Could not verify user credits. Please contact support.',
  INSUFFICIENT_CREDITS: 'Insufficient credits. Required: {{required}}, Available: {{available}}',
  CREDITS_DEDUCT_FAILED: 'Failed to deduct credits. Please try again.',
  CREDITS_USER_ID_MISSING: 'Failed to deduct credits - user ID is missing',
  INVALID_USER_ID: 'Invalid user ID',
  CREDITS_NOT_POSITIVE: 'Credits must be greater than 0',
  CREDITS_NEGATIVE: 'Credits cannot be negative',
  INVALID_OR_EXPIRED_CODE: 'Invalid or expired code',
  CODE_ALREADY_REDEEMED: 'Code already redeemed by this user',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used for a different request',
} as const;
