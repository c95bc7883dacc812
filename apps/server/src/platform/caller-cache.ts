import type { EventBus } from '../realtime/event-bus.js';

/** What a cached caller depends on, so the right change events drop it. */
export type CallerScope = { accountId: string; groupId: number };

export type CallerCache<T extends CallerScope> = {
  get: (key: string) => T | undefined;
  /** A counter that moves on every drop; pass the value read before a lookup to `set`. */
  generation: () => number;
  /** Keeps `value` unless something was dropped since `seenGeneration` (the lookup may predate it). */
  set: (key: string, value: T, seenGeneration: number) => void;
  delete: (key: string) => void;
  /**
   * Runs `load` for `key`, or joins the one already running for it when nothing was dropped since it
   * started: a burst of requests from one caller right after a drop (each of its purchases drops it)
   * costs one lookup, not one each.
   */
  shared: <R>(key: string, load: () => Promise<R>) => Promise<R>;
};

/**
 * Callers (sessions, API keys) resolved recently on this instance, so a signed-in request costs no
 * query. Every change that could alter who the caller is or what it may do drops the entries on every
 * instance through the event bus: an account's own change events (ban, group, credits, profile,
 * deletion), its group's, and the internal `callers_changed` (sign-out, ended sessions, password
 * changes, revoked keys). The short lifetime only bounds what a change made outside the app could
 * leave behind; while the bus is not listening nothing is cached.
 */
export function createCallerCache<T extends CallerScope>(
  bus: EventBus,
  options: { ttlMs: number; maxEntries: number },
): CallerCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
  const running = new Map<string, { generation: number; promise: Promise<unknown> }>();
  let generation = 0;
  const dropWhere = (match: (value: T) => boolean) => {
    generation += 1;
    for (const [key, entry] of entries) if (match(entry.value)) entries.delete(key);
  };
  bus.watch((event) => {
    if (event.table === 'auth_users' || event.table === 'credit_ledger') {
      dropWhere((v) => v.accountId === event.id);
    } else if (event.table === 'groups') {
      dropWhere((v) => String(v.groupId) === event.id);
    }
  });
  bus.watchInternal((event) => {
    if (event.type === 'callers_changed') dropWhere((v) => v.accountId === event.accountId);
    else dropWhere(() => true);
  });

  return {
    get: (key) => {
      if (!bus.healthy()) {
        if (entries.size > 0) dropWhere(() => true);
        return undefined;
      }
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    generation: () => generation,
    set: (key, value, seenGeneration) => {
      if (seenGeneration !== generation || !bus.healthy()) return;
      if (entries.size >= options.maxEntries) {
        // Maps keep insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, until: Date.now() + options.ttlMs });
    },
    delete: (key) => void entries.delete(key),
    shared: <R>(key: string, load: () => Promise<R>): Promise<R> => {
      const current = running.get(key);
      if (current && current.generation === generation) return current.promise as Promise<R>;
      const promise = load().finally(() => {
        if (running.get(key)?.promise === promise) running.delete(key);
      });
      running.set(key, { generation, promise });
      return promise;
    },
  };
}
