/**
 * Every error the API can answer with. The message is the spec's exact English text where the spec
 * gives one; clients translate by code (`errors.<CODE>` in the locale files).
 */
export const errorMessages = {
  UNAUTHENTICATED: 'No authenticated user found',
  FORBIDDEN: 'You do not have permission to perform this action',
  ADMIN_ONLY:
    'You do not have permission to access this page. This page is only accessible to administrators.',
  CSRF_REJECTED: 'Request origin is not allowed',
  NOT_FOUND: 'Not found',
  VALIDATION: 'Invalid request',
  RATE_LIMITED: 'Too many attempts. Please try again later.',
  INTERNAL: 'Something went wrong. Please try again.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters',
  PASSWORD_CHANGED: 'Password successfully changed',
  INVALID_EMAIL: 'Please enter a valid email address',
  EMAIL_TAKEN: 'An account with this email already exists',
  INVALID_CREDENTIALS: 'Invalid email or password',
  EMAIL_NOT_VERIFIED: 'Please confirm your email address before signing in',
  ACCOUNT_BANNED: 'This account has been suspended',
  INVALID_TOKEN: 'This confirmation link is invalid or has expired',
  ALREADY_CONFIRMED: 'Your email address is already confirmed. Please sign in.',
  WRONG_PASSWORD: 'Current password is incorrect',
  SESSION_NOT_FOUND: 'Session not found',
  GROUP_NOT_FOUND: 'Group not found',
  GROUP_HAS_USERS: 'Cannot delete group with active users',
  GROUP_FIXED: 'The built-in groups cannot be deleted',
  GROUP_NAME_TAKEN: 'A group with this name already exists',
  USER_NOT_FOUND: 'User not found',
  DATABASE_UNAVAILABLE: 'Could not retrieve user data. Please check your connection and try again.',
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

export type ApiErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };
