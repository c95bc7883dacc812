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

  /**
   * `params` fill the `{{name}}` parts of the code's text and travel in `details.params`, so the
   * client can show the same text translated.
   */
  constructor(
    code: ErrorCode,
    options: {
      /**
       * @deprecated Ignored: the status is the code's own. Still accepted because
       * `modules/lines/line-reconcile.ts` passes the same 502 its codes now declare.
       */
      status?: number;
      message?: string;
      details?: unknown;
      params?: ErrorParams;
    } = {},
  ) {
    super(options.message ?? formatErrorMessage(code, options.params));
    this.code = code;
    this.status = errorStatus(code);
    this.details = options.params
      ? { ...(options.details as Record<string, unknown> | undefined), params: options.params }
      : options.details;
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}
