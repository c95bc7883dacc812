import type { Server } from 'node:http';
import { requestActivity } from './request-activity.js';

/** A quiet spell this long after requests counts as idle. */
const IDLE_MS = 10_000;
const CHECK_MS = 2_500;

type Gc = () => void;

/**
 * Once the server goes quiet after a burst of requests, one full garbage collection. V8 keeps the
 * heap pages a burst made it grow into (a list served under load, a thousand event streams) for as
 * long as the process lives unless a full collection finds them empty; Node never asks for one on
 * its own when idle, so without this the resident memory stays at the burst's peak. Needs `node
 * --expose-gc` (the start script gives it); without it this does nothing. The collection takes a few
 * milliseconds on this heap and runs only when no request has come for IDLE_MS.
 */
export function startIdleMemoryTrim(server: Server): () => void {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (typeof gc !== 'function') return () => undefined;
  const activity = requestActivity(server);
  let trimmedAt = Date.now();
  const timer = setInterval(() => {
    const lastRequestAt = activity.lastRequestAt();
    if (lastRequestAt > trimmedAt && Date.now() - lastRequestAt >= IDLE_MS) {
      trimmedAt = Date.now();
      gc();
    }
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
