/** Password recovery and two-factor sign-in (not in the spec: this panel's account security). */
export const accountSecurityErrors = {
  INVALID_RESET_TOKEN: {
    status: 400,
    message: 'This password reset link is invalid or has expired. Please ask for a new one.',
  },
  INVALID_TWO_FACTOR_CODE: {
    status: 401,
    message: 'Invalid code. Check your authenticator app and try again.',
  },
  TWO_FACTOR_CHALLENGE_EXPIRED: { status: 401, message: 'Your sign-in has expired. Please sign in again.' },
  TWO_FACTOR_SETUP_REQUIRED: { status: 403, message: 'Set up two-factor sign-in before you continue.' },
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, message: 'Two-factor sign-in is already on for this account.' },
  TWO_FACTOR_NOT_ENABLED: { status: 409, message: 'Two-factor sign-in is not on for this account.' },
  TWO_FACTOR_REQUIRED_BY_ADMIN: {
    status: 403,
    message: 'An administrator requires two-factor sign-in for this account, so it cannot be turned off.',
  },
} as const;
