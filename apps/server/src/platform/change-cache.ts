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
): ChangeCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
  let generation = 0;
  const dropAll = () => {
    generation += 1;
    entries.clear();
  };
  bus.watch((event) => {
    if (tables.includes(event.table)) dropAll();
  });
  bus.watchInternal((event) => {
    if (event.type === 'listen_restarted') dropAll();
  });

  return {
    read: async (key, load) => {
      const healthy = bus.healthy();
      const entry = entries.get(key);
      if (healthy && entry && entry.until > Date.now()) return entry.value;
      const seen = generation;
      const value = await load();
      if (healthy && bus.healthy() && generation === seen) {
        entries.set(key, { value, until: Date.now() + ttlMs });
      }
      return value;
    },
  };
}
