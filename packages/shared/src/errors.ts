import { accountSecurityErrors } from './account-security-errors.js';
import { agentInstallErrors } from './agent-install-errors.js';
import { activationCodeErrors } from './activation-code-errors.js';
import { creditErrors } from './credit-errors.js';
import { lineBulkErrors } from './line-bulk-errors.js';
import { lineImportErrors } from './line-import-errors.js';
import { lineConnectionErrors } from './line-connection-errors.js';
import { ecmStatsErrors } from './ecm-stats-errors.js';
import { linePlanErrors } from './line-plan-errors.js';
import { lineErrors } from './line-errors.js';
import { lineFreezeErrors } from './line-freeze-errors.js';
import { lineEndedErrors } from './line-ended-errors.js';
import { lineServerErrors } from './line-server-errors.js';
import { lineAdoptionErrors } from './line-adoption-errors.js';
import { messageErrors } from './message-errors.js';
import { notificationErrors } from './notification-errors.js';
import { onboardingErrors } from './onboarding-errors.js';
import { paymentErrors } from './payment-errors.js';
import { portalErrors } from './portal-errors.js';
import { serverStandbyErrors } from './server-standby-errors.js';
import { supportErrors } from './support-errors.js';
import { systemErrors } from './system-errors.js';
import { telegramErrors } from './telegram-errors.js';
import { resellerTermsErrors } from './reseller-terms-errors.js';
import { reportErrors } from './reports-errors.js';

/** Errors of the foundation and servers; each later area keeps its own in `<area>-errors.ts`. */
const coreErrors = {
  UNAUTHENTICATED: { status: 401, message: 'No authenticated user found' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to perform this action' },
  ADMIN_ONLY: {
    status: 403,
    message:
      'You do not have permission to access this page. This page is only accessible to administrators.',
  },
  CSRF_REJECTED: { status: 403, message: 'Request origin is not allowed' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  VALIDATION: { status: 422, message: 'Invalid request' },
  TEXT_INVALID_CHARACTER: { status: 422, message: 'Text must not contain NUL characters' },
  NOTHING_TO_UPDATE: { status: 422, message: 'Send at least one field to change' },
  INVALID_INPUT: { status: 400, message: 'A value in the request is out of range or malformed' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please try again later.' },
  INTERNAL: { status: 500, message: 'Something went wrong. Please try again.' },
  PASSWORD_TOO_SHORT: { status: 422, message: 'Password must be at least 8 characters' },
  PASSWORD_TOO_LONG: { status: 422, message: 'Password must be at most 128 characters' },
  PASSWORD_CHANGED: { status: 422, message: 'Password successfully changed' },
  INVALID_EMAIL: { status: 422, message: 'Please enter a valid email address' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists' },
  SIGN_UP_CLOSED: {
    status: 403,
    message: 'Sign-up is closed on this panel. Ask its administrator for an account.',
  },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please confirm your email address before signing in' },
  ACCOUNT_BANNED: { status: 403, message: 'This account has been suspended' },
  INVALID_TOKEN: { status: 400, message: 'This confirmation link is invalid or has expired' },
  ALREADY_CONFIRMED: { status: 409, message: 'Your email address is already confirmed. Please sign in.' },
  WRONG_PASSWORD: { status: 400, message: 'Current password is incorrect' },
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found' },
  GROUP_NOT_FOUND: { status: 404, message: 'Group not found' },
  GROUP_HAS_USERS: { status: 409, message: 'Cannot delete group with active users' },
  GROUP_FIXED: { status: 409, message: 'The built-in groups cannot be deleted' },
  GROUP_NAME_TAKEN: { status: 409, message: 'A group with this name already exists' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  // Servers. Where the spec's text carries a parameter ('...', N), this is the
  // text before it; the API sends the full text in `message`.
  MISSING_REQUIRED_FIELDS: { status: 422, message: 'Missing required fields' },
  CCCAM_PORT_OUT_OF_RANGE: { status: 422, message: 'CCcam port must be between 1 and 65535' },
  PORT_OUT_OF_RANGE: { status: 422, message: 'Port must be between 1 and 65535' },
  SERVER_NAME_EMPTY: { status: 422, message: 'Server name cannot be empty' },
  INVALID_HOST: { status: 422, message: 'Host must be a host name or an IP address' },
  INVALID_HOSTNAME: {
    status: 422,
    message: 'The public hostname must be a DNS name such as tv.example.com',
  },
  INVALID_DES_KEY: {
    status: 422,
    message: 'The NewCamd DES key must be 14 bytes written as 28 hexadecimal characters',
  },
  SERVER_INVALID_GROUP_NAMES: {
    status: 422,
    message: 'Name each group (1 to 64) once, with a name of up to 50 characters used for no other group',
  },
  SERVER_INVALID_SERVICE_NAMES: {
    status: 422,
    message: 'A service is the name of a section of oscam.services, without spaces, commas or a leading !',
  },
  SERVER_NOT_FOUND: { status: 404, message: 'Server not found' },
  NO_ACTIVE_SERVERS: { status: 404, message: 'No active CCcam servers available' },
  SERVER_CONFIG_INCOMPLETE: { status: 422, message: 'Server configuration is incomplete' },
  SERVER_CONNECTION_FAILED: { status: 502, message: 'Failed to connect to server' },
  SERVER_HEALTH_CHECK_FAILED: { status: 422, message: 'Health check failed' },
  SERVER_AUTH_FAILED: { status: 502, message: 'API Authentication failed' },
  SERVER_API_NOT_RESPONDING: { status: 502, message: 'CCcam server API is not responding' },
  SERVER_AGENT_TAKEN: {
    status: 409,
    message: 'This agent already answers for server "{{server}}"; one agent serves one server record',
  },
  SERVER_AGENT_IDENTITY_CHANGED: {
    status: 409,
    message:
      'The agent answers for another identity than the one this server record was bound to; save the agent login again if the agent was reinstalled on purpose',
  },
  API_KEY_NAME_REQUIRED: { status: 422, message: 'Give the key a name' },
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found' },
  API_KEY_EXPIRY_PAST: { status: 422, message: 'The expiry date must be in the future' },
  // Keys, sessions, the password, two-factor sign-in and the security settings: whoever holds a
  // leaked key must not be able to take over the account or keep their access.
  API_KEY_SESSION_REQUIRED: {
    status: 403,
    message: 'This can only be done when signed in to the panel, not with an API key',
  },
} as const;

/**
 * One error code's definition: the HTTP status it is answered with wherever it is thrown, and the
 * English text. The text is the spec's exact English where the spec gives one; clients translate by
 * code (`errors.<CODE>` in the locale files). A `{{name}}` in a text is filled from the error's
 * `details.params` (server and client alike), so translations keep them.
 */
export type ErrorDefinition = { readonly status: number; readonly message: string };

/** Every error the API can answer with, each declared once with its status and its text. */
export const errorDefinitions = {
  ...coreErrors,
  ...lineErrors,
  ...lineFreezeErrors,
  ...lineEndedErrors,
  ...lineServerErrors,
  ...lineAdoptionErrors,
  ...agentInstallErrors,
  ...lineBulkErrors,
  ...serverStandbyErrors,
  ...lineImportErrors,
  ...lineConnectionErrors,
  ...ecmStatsErrors,
  ...linePlanErrors,
  ...creditErrors,
  ...supportErrors,
  ...messageErrors,
  ...notificationErrors,
  ...systemErrors,
  ...accountSecurityErrors,
  ...onboardingErrors,
  ...activationCodeErrors,
  ...paymentErrors,
  ...resellerTermsErrors,
  ...reportErrors,
  ...portalErrors,
  ...telegramErrors,
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorDefinitions;

export const errorCodes = Object.keys(errorDefinitions) as ErrorCode[];

/** The English text of every code (the web's English locale holds the same, a unit test checks). */
export const errorMessages = Object.fromEntries(
  errorCodes.map((code) => [code, errorDefinitions[code].message]),
) as { readonly [C in ErrorCode]: (typeof errorDefinitions)[C]['message'] };

/** The HTTP status a code is answered with. */
export function errorStatus(code: ErrorCode): number {
  return errorDefinitions[code].status;
}

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
