import type { Logger } from './logger';

const MAX_FAILURES = 10;
const WINDOW_MS = 60_000;
// Bounds memory when a scan comes from very many addresses; the oldest entries go first.
const MAX_TRACKED = 10_000;

export type LoginLimiter = {
  /** How long `ip` must still wait before its logins are checked again (0: not blocked). */
  blockedForMs(ip: string): number;
  failed(ip: string): void;
};

/**
 * Guessing the panel's Basic-auth password: after MAX_FAILURES failed logins within WINDOW_MS an
 * address gets 429 for every authenticated request until the oldest of those failures is a minute
 * old (a right password included, else the guess that hits would still get through). One log line
 * when an address reaches the limit, not one per refused request.
 */
export function createLoginLimiter(logger: Logger, now: () => number = Date.now): LoginLimiter {
  const failures = new Map<string, number[]>();

  function recent(ip: string): number[] {
    const times = failures.get(ip);
    if (!times) return [];
    const since = now() - WINDOW_MS;
    while (times.length > 0 && times[0]! <= since) times.shift();
    if (times.length === 0) failures.delete(ip);
    return times;
  }

  return {
    blockedForMs(ip) {
      const times = recent(ip);
      if (times.length < MAX_FAILURES) return 0;
      return Math.max(1, times[times.length - MAX_FAILURES]! + WINDOW_MS - now());
    },
    failed(ip) {
      const times = recent(ip);
      times.push(now());
      failures.delete(ip);
      failures.set(ip, times);
      if (failures.size > MAX_TRACKED) failures.delete(failures.keys().next().value!);
      if (times.length === MAX_FAILURES) {
        logger.warn(
          `${MAX_FAILURES} failed logins from ${ip} within ${WINDOW_MS / 1000} s; refusing its requests with 429 for up to ${WINDOW_MS / 1000} s`,
        );
      }
    },
  };
}
