import { errorMessages, formatErrorMessage, type ErrorCode, type ErrorParams } from '@linedesk/shared';

const defaultStatus: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  CSRF_REJECTED: 403,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_BANNED: 403,
  NOT_FOUND: 404,
  GROUP_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  SERVER_NOT_FOUND: 404,
  NO_ACTIVE_SERVERS: 404,
  SESSION_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  API_KEY_SESSION_REQUIRED: 403,
  EMAIL_TAKEN: 409,
  GROUP_NAME_TAKEN: 409,
  GROUP_HAS_USERS: 409,
  GROUP_FIXED: 409,
  INVALID_TOKEN: 400,
  INVALID_INPUT: 400,
  ALREADY_CONFIRMED: 409,
  ACCOUNT_ALREADY_CONFIRMED: 409,
  WRONG_PASSWORD: 400,
  RATE_LIMITED: 429,
  LINE_NOT_FOUND: 404,
  LINE_BULK_NOT_FOUND: 404,
  LINE_BULK_MOVE_ADMIN_ONLY: 403,
  LINE_BULK_PLAN_REQUIRED: 400,
  LINE_USERNAME_TAKEN: 409,
  LINE_NO_ACTIVE_SERVERS: 404,
  LINE_EXPIRY_ADMIN_ONLY: 403,
  LINE_TRIAL_LIMIT_REACHED: 429,
  LINE_CONNECTION_NOT_FOUND: 404,
  LINE_KICK_NOT_SUPPORTED: 409,
  LINE_KICK_FAILED: 502,
  LINE_SHARING_INVALID_SETTINGS: 400,
  INSUFFICIENT_CREDITS: 402,
  INVALID_OR_EXPIRED_CODE: 422,
  CODE_ALREADY_REDEEMED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  REDEEM_CODE_NOT_FOUND: 404,
  CREDIT_PACKAGE_NOT_FOUND: 404,
  LINE_PLAN_NOT_FOUND: 404,
  LINE_PLAN_PROTOCOL_NOT_ALLOWED: 409,
  LINE_PLAN_CHANGE_TRIAL: 409,
  TOPUP_NOT_FOUND: 404,
  TOPUP_ALREADY_DECIDED: 409,
  USER_NOT_AUTHENTICATED: 401,
  ONLY_ADMINS_CREATE_MESSAGES: 403,
  REPLY_REQUIRES_LOGIN: 401,
  TICKET_NOT_FOUND: 404,
  REPLY_FORBIDDEN: 403,
  TICKET_OWNER_CLOSE_REOPEN_ONLY: 403,
  ATTACHMENT_TOO_LARGE: 413,
  ATTACHMENT_TYPE_NOT_ALLOWED: 415,
  ATTACHMENT_NOT_FOUND: 404,
  KB_ARTICLE_NOT_FOUND: 404,
  KB_CATEGORY_NOT_FOUND: 404,
  KB_CATEGORY_HAS_ARTICLES: 409,
  KB_CATEGORY_NAME_TAKEN: 409,
  MESSAGE_NOT_FOUND: 404,
  DATABASE_UNAVAILABLE: 503,
  DATABASE_DOWN: 503,
  BACKUP_NEEDS_EMBEDDED_DATABASE: 409,
  BACKUP_FAILED: 500,
  INTERNAL: 500,
  INVALID_RESET_TOKEN: 400,
  INVALID_TWO_FACTOR_CODE: 401,
  TWO_FACTOR_CHALLENGE_EXPIRED: 401,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  TWO_FACTOR_REQUIRED_BY_ADMIN: 403,
};

/** A refusal the client can show: an error code, the spec's English text and an HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  /**
   * `params` fill the `{{name}}` parts of the code's text and travel in `details.params`, so the
   * client can show the same text translated.
   */
  constructor(
    code: ErrorCode,
    options: { status?: number; message?: string; details?: unknown; params?: ErrorParams } = {},
  ) {
    super(options.message ?? formatErrorMessage(code, options.params));
    this.code = code;
    this.status = options.status ?? defaultStatus[code] ?? 422;
    this.details = options.params
      ? { ...(options.details as Record<string, unknown> | undefined), params: options.params }
      : options.details;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}
