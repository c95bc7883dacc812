/** Password recovery and two-factor sign-in (not in the spec: this panel's account security). */
export const accountSecurityErrors = {
  INVALID_RESET_TOKEN: 'This password reset link is invalid or has expired. Please ask for a new one.',
  INVALID_TWO_FACTOR_CODE: 'Invalid code. Check your authenticator app and try again.',
  TWO_FACTOR_CHALLENGE_EXPIRED: 'Your sign-in has expired. Please sign in again.',
  TWO_FACTOR_SETUP_REQUIRED: 'Set up two-factor sign-in before you continue.',
  TWO_FACTOR_ALREADY_ENABLED: 'Two-factor sign-in is already on for this account.',
  TWO_FACTOR_NOT_ENABLED: 'Two-factor sign-in is not on for this account.',
  TWO_FACTOR_REQUIRED_BY_ADMIN:
    'An administrator requires two-factor sign-in for this account, so it cannot be turned off.',
} as const;
