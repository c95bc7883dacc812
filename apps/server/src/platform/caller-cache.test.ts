import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createEventBus } from '../realtime/event-bus.js';
import { createCallerCache } from './caller-cache.js';

type Entry = { accountId: string; groupId: number; name: string };

/** A lookup the test finishes by hand, counting how often it started. */
function pendingLookup() {
  let started = 0;
  const finishers: ((value: Entry) => void)[] = [];
  return {
    load: () => {
      started += 1;
      return new Promise<Entry>((resolve) => finishers.push(resolve));
    },
    started: () => started,
    finishAll: (value: Entry) => finishers.splice(0).forEach((finish) => finish(value)),
  };
}

describe('caller cache: shared lookups', () => {
  it('lets a burst of requests share one lookup, but never one that started before a drop', async () => {
    // No listen client: the in-process bus of the embedded database.
    const bus = await createEventBus({} as Database);
    const cache = createCallerCache<Entry>(bus, { ttlMs: 10_000, maxEntries: 10 });
    const lookup = pendingLookup();

    const burst = [1, 2, 3].map(() => cache.shared('session:a', lookup.load));
    expect(lookup.started()).toBe(1);

    // The account changed while the lookup ran: what it reads may be older than the change.
    await bus.publish({ table: 'auth_users', action: 'update', id: 'acct', audience: [] });
    const afterDrop = cache.shared('session:a', lookup.load);
    expect(lookup.started()).toBe(2);

    lookup.finishAll({ accountId: 'acct', groupId: 2, name: 'fresh' });
    const answers = await Promise.all([...burst, afterDrop]);
    expect(answers.map((entry) => entry.name)).toEqual(['fresh', 'fresh', 'fresh', 'fresh']);

    // Once it has settled the next miss looks up again.
    void cache.shared('session:a', lookup.load);
    expect(lookup.started()).toBe(3);
  });
});
