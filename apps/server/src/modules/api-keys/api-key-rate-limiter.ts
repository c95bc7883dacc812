/**
 * Fixed one-minute windows per key, kept in memory: a per-instance limit is enough to stop a runaway
 * script, and it costs no database round trip on every automated request.
 */
export function createApiKeyRateLimiter(limitPerMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Seconds to wait when the key is over its limit, else null (and the request is counted). */
    take(keyId: string): number | null {
      const at = now();
      let window = windows.get(keyId);
      if (!window || at - window.start >= 60_000) {
        window = { start: at, count: 0 };
        windows.set(keyId, window);
        if (windows.size > 10_000) pruneOld(at);
      }
      if (window.count >= limitPerMinute) return Math.ceil((window.start + 60_000 - at) / 1000);
      window.count += 1;
      return null;
    },
  };

  function pruneOld(at: number) {
    for (const [id, window] of windows) if (at - window.start >= 60_000) windows.delete(id);
  }
}

export type ApiKeyRateLimiter = ReturnType<typeof createApiKeyRateLimiter>;
