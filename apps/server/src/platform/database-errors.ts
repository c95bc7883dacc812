/**
 * Whether an error means the database cannot be reached (down, restarting, refusing connections, the
 * connection cut), as opposed to a query that failed. Such requests answer 503 DATABASE_DOWN rather
 * than 500: nothing is wrong with the request, and the pool reconnects by itself once the database
 * is back. Drizzle wraps the driver's error, so the whole `cause` chain is looked at.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  return inCauseChain(error, isUnreachableItself);
}

/** Whether the error or one of its causes (Drizzle wraps the driver's) matches. */
function inCauseChain(error: unknown, matches: (current: unknown) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    if (matches(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether the statement waited for a connection of a full pool and none came free in time: the
 * database answers, the panel has more requests in flight than connections. pg-pool says it in
 * these words only, and only for a waiter of a full pool.
 */
export function isPoolBusy(error: unknown): boolean {
  return inCauseChain(error, (current) => {
    const message = (current as { message?: unknown }).message;
    return typeof message === 'string' && message.includes(POOL_WAIT_RAN_OUT);
  });
}

const POOL_WAIT_RAN_OUT = 'timeout exceeded when trying to connect';

/** Node's socket failures while connecting to or talking with the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/**
 * PostgreSQL's: class 08 (connection exception), 57P01-57P03 (terminated by an administrator, crash
 * shutdown, cannot connect now) and 53300 (too many connections).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * node-postgres says these in words only. A new connection that does not answer within the wait says
 * "Connection terminated due to connection timeout"; a full pool's wait running out is `isPoolBusy`.
 */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'is not currently accepting connections',
];

function isUnreachableItself(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) {
    return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text));
}

/**
 * The constraint a query broke, when it broke one with this SQLSTATE (23505 unique, 23503 foreign
 * key), or null. Drizzle wraps the driver's error, so the whole `cause` chain is looked at.
 */
export function violatedConstraint(error: unknown, sqlState: '23503' | '23505'): string | null {
  let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    if (current.code === sqlState && typeof current.constraint === 'string') return current.constraint;
    current = current.cause as typeof current;
  }
  return null;
}
