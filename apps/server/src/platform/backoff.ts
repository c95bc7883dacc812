/** How long a failed attempt waits before the next: doubling from `baseMs`, never above `maxMs`. */
export type Backoff = {
  baseMs: number;
  maxMs: number;
  /**
   * The share by which each wait is spread at random either way (0.2: ±20 %), so rows that failed
   * together do not all come back at the same moment; 0 or absent: exactly the doubled wait.
   */
  jitter?: number;
};

/**
 * The wait after the attempt numbered `attemptsBefore` (0 for the first) failed. The one retry timing
 * of the panel's background work: the leased jobs (platform/leased-job.ts) and the line-sync outbox.
 */
export function backoffMs(
  attemptsBefore: number,
  backoff: Backoff,
  random: () => number = Math.random,
): number {
  // 2 ** 30 times any base is far past every cap; a larger power would only lose precision.
  const doubled = backoff.baseMs * 2 ** Math.min(Math.max(attemptsBefore, 0), 30);
  const jitter = backoff.jitter ?? 0;
  const spread = jitter > 0 ? doubled * (1 - jitter + random() * 2 * jitter) : doubled;
  return Math.round(Math.min(backoff.maxMs, spread));
}

/**
 * A lease for work that calls out (an agent, a webhook, a mail server) and is cut off after
 * `timeoutMs` a call: three calls' time with 5 s to spare, so a runner that is merely slow keeps its
 * row, and a row leased by a process that died is taken over soon after.
 */
export function leaseCoveringCallsMs(timeoutMs: number): number {
  return 3 * timeoutMs + 5000;
}

/**
 * The claim of a periodic per-server check or poll, in whole seconds: its interval, and never less
 * than its calls' lease, so a second worker or instance does not take the server while the first may
 * still be waiting for its agent. The one who claimed sets the next turn itself when done.
 */
export function claimSecondsCoveringCalls(intervalSeconds: number, timeoutMs: number): number {
  return Math.max(intervalSeconds, Math.ceil(leaseCoveringCallsMs(timeoutMs) / 1000));
}
