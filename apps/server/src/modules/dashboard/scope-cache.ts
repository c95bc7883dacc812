import type { ChangeEvent } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { perContext } from '../../platform/per-context.js';

/** Which scopes an event makes stale: all of them, some, or none. */
export type StaleScopes = 'all' | readonly string[] | null;

export type ScopeCache<T> = {
  /**
   * The value cached for (`scope`, `key`), or `compute()`'s, shared by every caller asking while it
   * runs. Events drop whole scopes; the key tells apart values within one (the day, say).
   */
  get: (scope: string, key: string, compute: () => Promise<T>) => Promise<T>;
};

type Entry<T> = { expiresAt: number; value: Promise<T> };

const MAX_ENTRIES = 2_000;

/**
 * Results reused until an event makes their scope stale (from this instance at once, from others over
 * NOTIFY) or `ttlMs` passes. While the event stream is down nothing is reused, since a missed event
 * would leave a stale figure behind. Concurrent callers share one computation, so a burst of
 * dashboards opening after a change costs one query round, not one per browser.
 */
export function createScopeCache<T>(
  bus: EventBus,
  options: { ttlMs: number; staleScopes: (event: ChangeEvent) => StaleScopes; now?: () => number },
): ScopeCache<T> {
  const { ttlMs, staleScopes, now = Date.now } = options;
  const scopes = new Map<string, Map<string, Entry<T>>>();
  let size = 0;
  const dropScope = (scope: string) => {
    size -= scopes.get(scope)?.size ?? 0;
    scopes.delete(scope);
  };
  const dropAll = () => {
    scopes.clear();
    size = 0;
  };
  if (ttlMs > 0) {
    bus.watch((event) => {
      const stale = staleScopes(event);
      if (stale === 'all') dropAll();
      else stale?.forEach(dropScope);
    });
  }

  const forget = (scope: string, key: string, entry: Entry<T>) => {
    const entries = scopes.get(scope);
    if (entries?.get(key) !== entry) return;
    entries.delete(key);
    size -= 1;
  };
  const prune = (at: number) => {
    for (const [scope, entries] of scopes) {
      for (const [key, entry] of entries) if (entry.expiresAt <= at) forget(scope, key, entry);
    }
    // Still full of live entries (thousands of owners viewed within the TTL): start over.
    if (size >= MAX_ENTRIES) dropAll();
  };

  return {
    get: (scope, key, compute) => {
      if (ttlMs <= 0 || !bus.healthy()) return compute();
      const at = now();
      const cached = scopes.get(scope)?.get(key);
      if (cached && cached.expiresAt > at) return cached.value;
      if (cached) forget(scope, key, cached);
      if (size >= MAX_ENTRIES) prune(at);
      const value = compute();
      const entry = { expiresAt: at + ttlMs, value };
      let entries = scopes.get(scope);
      if (!entries) scopes.set(scope, (entries = new Map()));
      entries.set(key, entry);
      size += 1;
      // A failed computation is not remembered: the next caller tries again.
      value.catch(() => forget(scope, key, entry));
      return value;
    },
  };
}

/**
 * One scope cache per app context (each instance, each test's app), made on first use and kept for
 * as long as `dashboardCacheSeconds` allows.
 */
export function scopeCachePerContext<T>(
  staleScopes: (event: ChangeEvent) => StaleScopes,
): (ctx: AppContext) => ScopeCache<T> {
  return perContext((ctx) =>
    createScopeCache<T>(ctx.bus, { ttlMs: ctx.config.dashboardCacheSeconds * 1000, staleScopes }),
  );
}
