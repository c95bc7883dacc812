import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';

/** The panel's request ids as it makes them (or takes them from its own caller): short, no spaces. */
const REQUEST_ID = /^[\w-]{1,64}$/;

const current = new AsyncLocalStorage<string>();

/**
 * The id of the panel request that made this call (its X-Request-Id header), so an operator finds
 * the agent's lines of one panel request by the id the panel logged it with; null without one.
 */
export function requestIdOf(req: IncomingMessage): string | null {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : null;
}

/**
 * Runs `work` with `id` as the request every log line in it names; without one, as no request's
 * (a batch applies the changes of several calls in the context of one of them).
 */
export function withRequestId<T>(id: string | null | undefined, work: () => T): T {
  return id ? current.run(id, work) : current.exit(work);
}

/** The request id the code now running works for, if a panel request started it. */
export function currentRequestId(): string | undefined {
  return current.getStore();
}
