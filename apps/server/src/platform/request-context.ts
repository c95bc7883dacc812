import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

const current = new AsyncLocalStorage<string>();

/**
 * Runs the rest of each request's handling with its id at hand (`currentRequestId`), so that what the
 * request calls further away, a line agent above all, can be told the id its log lines carry here.
 * Work the request starts and leaves running (a delivery after the answer) keeps the id too.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // Sent back, so that whoever reports a failure can quote the id its log lines carry.
    void reply.header('x-request-id', request.id);
    current.run(request.id, done);
  });
}

/** The id of the request whose handling is running now; undefined in background jobs. */
export function currentRequestId(): string | undefined {
  return current.getStore();
}

/**
 * Runs `work` as no request's: a background round started from a request's code (a deliverer made on
 * first use) must not name that request in every later call it makes.
 */
export function outsideRequest<T>(work: () => T): T {
  return current.exit(work);
}
