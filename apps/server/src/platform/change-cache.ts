import type { ChangeEvent } from '@linedesk/shared';
import type { EventBus } from '../realtime/event-bus.js';

export type ChangeCache<T> = {
  /** The kept value for `key`, else `load()`'s, kept unless a change arrived while it loaded. */
  read: (key: string, load: () => Promise<T>) => Promise<T>;
};

/**
 * Rows every request of a kind reads and an admin rarely changes (the server new lines go to, the
 * line plans), kept on this instance so a burst of requests does not read them once each. Any change
 * event of one of `tables`, from this instance at once or from another over the bus, drops them all,
 * and nothing is kept while the bus is not listening (a change could go unheard). `ttlMs` only bounds
 * what a change made outside the app could leave behind.
 */
export function createChangeCache<T>(
  bus: EventBus,
  tables: ChangeEvent['table'][],
  ttlMs: number,
  /** Events of `tables` that leave the kept values valid (they do not drop them). */
  keeps: (event: ChangeEvent) => boolean = () => false,
): ChangeCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
  const running = new Map<string, { generation: number; promise: Promise<T> }>();
  let generation = 0;
  const dropAll = () => {
    generation += 1;
    entries.clear();
  };
  bus.watch((event) => {
    if (tables.includes(event.table) && !keeps(event)) dropAll();
  });
  bus.watchInternal((event) => {
    if (event.type === 'listen_restarted') dropAll();
  });

  return {
    read: (key, load) => {
      const healthy = bus.healthy();
      const entry = entries.get(key);
      if (healthy && entry && entry.until > Date.now()) return Promise.resolve(entry.value);
      // A read of the same key already running, with no change since it started, answers this one
      // too: after a drop, a burst of requests (over a database that answers asynchronously) costs
      // one read, not one each.
      const current = running.get(key);
      if (healthy && current && current.generation === generation) return current.promise;
      const seen = generation;
      const promise = load().then((value) => {
        if (healthy && bus.healthy() && generation === seen) {
          entries.set(key, { value, until: Date.now() + ttlMs });
        }
        return value;
      });
      running.set(key, { generation: seen, promise });
      const forget = () => {
        if (running.get(key)?.promise === promise) running.delete(key);
      };
      promise.then(forget, forget);
      return promise;
    },
  };
}
