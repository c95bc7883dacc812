import { accountSecurityErrors } from './account-security-errors.js';
import { creditErrors } from './credit-errors.js';
import { lineBulkErrors } from './line-bulk-errors.js';
import { lineConnectionErrors } from './line-connection-errors.js';
import { linePlanErrors } from './line-plan-errors.js';
import { lineErrors } from './line-errors.js';
import { lineServerErrors } from './line-server-errors.js';
import { messageErrors } from './message-errors.js';
import { onboardingErrors } from './onboarding-errors.js';
import { supportErrors } from './support-errors.js';
import { systemErrors } from './system-errors.js';

/** Errors of the foundation and servers; each later area keeps its own in `<area>-errors.ts`. */
const coreErrors = {
  UNAUTHENTICATED: 'No authenticated user found',
  FORBIDDEN: 'You do not have permission to perform this action',
  ADMIN_ONLY:
    'You do not have permission to access this page. This page is only accessible to administrators.',
  CSRF_REJECTED: 'Request origin is not allowed',
  NOT_FOUND: 'Not found',
  VALIDATION: 'Invalid request',
  TEXT_INVALID_CHARACTER: 'Text must not contain NUL characters',
  NOTHING_TO_UPDATE: 'Send at least one field to change',
  INVALID_INPUT: 'A value in the request is out of range or malformed',
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
  // Servers. Where the spec's text carries a parameter ('...', N), this is the
  // text before it; the API sends the full text in `message`.
  MISSING_REQUIRED_FIELDS: 'Missing required fields',
  CCCAM_PORT_OUT_OF_RANGE: 'CCcam port must be between 1 and 65535',
  PORT_OUT_OF_RANGE: 'Port must be between 1 and 65535',
  SERVER_NAME_EMPTY: 'Server name cannot be empty',
  INVALID_HOST: 'Host must be a host name or an IP address',
  INVALID_DES_KEY: 'The NewCamd DES key must be 14 bytes written as 28 hexadecimal characters',
  SERVER_NOT_FOUND: 'Server not found',
  NO_ACTIVE_SERVERS: 'No active CCcam servers available',
  SERVER_CONFIG_INCOMPLETE: 'Server configuration is incomplete',
  SERVER_CONNECTION_FAILED: 'Failed to connect to server',
  SERVER_HEALTH_CHECK_FAILED: 'Health check failed',
  SERVER_AUTH_FAILED: 'API Authentication failed',
  SERVER_API_NOT_RESPONDING: 'CCcam server API is not responding',
  API_KEY_NAME_REQUIRED: 'Give the key a name',
  API_KEY_NOT_FOUND: 'API key not found',
  API_KEY_EXPIRY_PAST: 'The expiry date must be in the future',
  // Keys, sessions, the password, two-factor sign-in and the security settings: whoever holds a
  // leaked key must not be able to take over the account or keep their access.
  API_KEY_SESSION_REQUIRED: 'This can only be done when signed in to the panel, not with an API key',
} as const;

/**
 * Every error the API can answer with. The message is the spec's exact English text where the spec
 * gives one; clients translate by code (`errors.<CODE>` in the locale files). A `{{name}}` in a text
 * is filled from the error's `details.params` (server and client alike), so translations keep them.
 */
export const errorMessages = {
  ...coreErrors,
  ...lineErrors,
  ...lineServerErrors,
  ...lineBulkErrors,
  ...lineConnectionErrors,
  ...linePlanErrors,
  ...creditErrors,
  ...supportErrors,
  ...messageErrors,
  ...systemErrors,
  ...accountSecurityErrors,
  ...onboardingErrors,
} as const;

export type ErrorCode = keyof typeof errorMessages;

export const errorCodes = Object.keys(errorMessages) as ErrorCode[];

export type ApiErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };

export type ErrorParams = Record<string, string | number>;

/** The English text for a code with its `{{name}}` parameters filled in. */
export function formatErrorMessage(code: ErrorCode, params?: ErrorParams): string {
  const template: string = errorMessages[code];
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
