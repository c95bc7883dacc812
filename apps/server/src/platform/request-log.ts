import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is logged as a warning at any level. */
export const SLOW_REQUEST_MS = 2_000;

/**
 * Fastify writes two lines per request at `info`, which buries what an operator needs (the first
 * admin's login, errors) under a browser's every asset and poll. Instead:
 * - every request is one line at `debug` (`LOG_LEVEL=debug` gives the full trail back);
 * - an answer that failed (5xx, or an error Fastify saw) is an error line: its cause is logged by the
 *   error handler with the same reqId;
 * - a 429 (someone ran into a rate limit) and a slow answer are warnings;
 * - other 4xx answers are the API doing its job (a wrong password, a missing row, a form's
 *   validation) and stay at `debug`, as do 2xx and 3xx.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const facts = { res: reply, responseTime: ms };
    if (error || status >= 500) reply.log.error({ ...facts, err: error ?? undefined }, 'request failed');
    else if (status === 429) reply.log.warn(facts, 'request rate limited');
    else if (ms >= SLOW_REQUEST_MS) reply.log.warn(facts, 'slow request');
    else reply.log.debug(facts, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }
}
