/** Activation codes: generation, void and activation. */
export const activationCodeErrors = {
  ACTIVATION_CODES_INVALID_COUNT: { status: 422, message: 'Generate between 1 and 1000 codes at once' },
  ACTIVATION_CODES_INVALID_VALIDITY: {
    status: 422,
    message: 'The validity must be between 1 and 3650 days',
  },
  ACTIVATION_CODE_NOT_FOUND: { status: 404, message: 'Activation code not found' },
  ACTIVATION_CODE_USED: { status: 409, message: 'This activation code has already been used' },
  ACTIVATION_CODE_VOID: { status: 409, message: 'This activation code is void' },
  ACTIVATION_CODE_EXPIRED: { status: 409, message: 'This activation code has expired' },
  ACTIVATION_CODE_TRIAL_NOT_RENEWABLE: {
    status: 422,
    message: 'A trial code makes a new line; it cannot renew one',
  },
  ACTIVATION_CODE_PLAN_MISMATCH: {
    status: 422,
    message: "This code is for another plan than the line's; it can only renew a line of its own plan",
  },
} as const;
