import {
  errorMessages,
  errorStatus,
  formatErrorMessage,
  type ErrorCode,
  type ErrorParams,
} from '@linedesk/shared';

/**
 * A refusal the client can show: an error code, the spec's English text and the code's HTTP status,
 * both from the code's definition in `@linedesk/shared` (`errorDefinitions`), so one code always
 * answers one status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  /** Sent as `Retry-After`: when a refusal of a limit (429) stops applying. */
  readonly retryAfterSeconds: number | undefined;
  /** Set-Cookie values that go out with the refusal (a spent two-factor challenge's, cleared). */
  readonly setCookies: string[];

  /**
   * `params` fill the `{{name}}` parts of the code's text and travel in `details.params`, so the
   * client can show the same text translated.
   */
  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      details?: unknown;
      params?: ErrorParams;
      retryAfterSeconds?: number;
      setCookies?: string[];
    } = {},
  ) {
    super(options.message ?? formatErrorMessage(code, options.params));
    this.code = code;
    this.status = errorStatus(code);
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
    this.setCookies = options.setCookies ?? [];
    this.details = options.params
      ? { ...(options.details as Record<string, unknown> | undefined), params: options.params }
      : options.details;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}
