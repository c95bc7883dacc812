import { errorMessages, errorStatus, type ApiErrorBody, type ErrorCode } from '@linedesk/shared';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable, isPoolBusy } from './database-errors.js';
import { AppError, isErrorCode } from './errors.js';

/**
 * PostgreSQL's "data exception" class (22xxx: a value out of range for its column, text it cannot
 * store such as NUL, malformed input for a type) is always bad input that validation missed; it
 * answers 400 rather than 500. Drizzle wraps the driver's error, so the cause chain is searched.
 */
function invalidInputSqlState(error: unknown): string | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function body(code: ErrorCode, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Every failure leaves as `{error: {code, message}}`; validation issues carry our codes as messages. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.setCookies.length > 0) void reply.header('set-cookie', error.setCookies);
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      const coded = issues.find((i) => isErrorCode(i.message));
      if (coded && isErrorCode(coded.message)) {
        // The code's own status, as when the service refuses the same thing (an empty password is
        // INVALID_CREDENTIALS 401 either way), so clients can rely on one status per code.
        const refusal = new AppError(coded.message, { details: issues });
        return reply.status(refusal.status).send(body(refusal.code, refusal.message, issues));
      }
      const first = issues[0];
      const text = first
        ? `${errorMessages.VALIDATION}: ${first.path || 'body'} ${first.message}`
        : errorMessages.VALIDATION;
      return reply.status(errorStatus('VALIDATION')).send(body('VALIDATION', text, issues));
    }
    const sqlState = invalidInputSqlState(error);
    if (sqlState) {
      request.log.warn({ err: error, sqlState }, 'Invalid input reached the database');
      return reply
        .status(errorStatus('INVALID_INPUT'))
        .send(body('INVALID_INPUT', errorMessages.INVALID_INPUT));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', errorMessages.RATE_LIMITED));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('VALIDATION', `${errorMessages.VALIDATION}: ${error.message}`));
    }
    if (isPoolBusy(error)) {
      request.log.warn({ err: error }, 'No database connection free within the wait');
      return reply
        .status(errorStatus('DATABASE_BUSY'))
        .header('retry-after', '2')
        .send(body('DATABASE_BUSY', errorMessages.DATABASE_BUSY));
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'Database unreachable');
      return reply
        .status(errorStatus('DATABASE_DOWN'))
        .header('retry-after', '5')
        .send(body('DATABASE_DOWN', errorMessages.DATABASE_DOWN));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(errorStatus('INTERNAL')).send(body('INTERNAL', errorMessages.INTERNAL));
  });
}

/**
 * A request Node could not read (headers over the limit, a malformed request, one that took too
 * long): answered as Fastify answers it, in the panel's error shape, and with `Connection: close`,
 * since the socket is closed right after. Fastify's own answer leaves that header out, so a client
 * that keeps connections open (fetch, a proxy) took the socket as reusable and sent its next request
 * on it, which then failed with "other side closed".
 */
export function answerClientError(
  this: { log: FastifyBaseLogger },
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const payload = JSON.stringify(body('VALIDATION', `${errorMessages.VALIDATION}: ${STATUS_CODES[status]}`));
  this.log.trace({ err: error }, 'unreadable request');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}
