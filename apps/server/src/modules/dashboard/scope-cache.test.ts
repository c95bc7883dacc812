import type { ChangeEvent } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import type { EventBus } from '../../realtime/event-bus.js';
import { createScopeCache, type StaleScopes } from './scope-cache.js';

function fakeBus() {
  const listeners = new Set<(event: ChangeEvent) => void>();
  let healthy = true;
  const bus: EventBus = {
    publish: async (event) => listeners.forEach((l) => l(event)),
    publishAll: async (events) => events.forEach((event) => listeners.forEach((l) => l(event))),
    subscribe: () => () => undefined,
    watch: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publishInternal: async () => undefined,
    watchInternal: () => () => undefined,
    healthy: () => healthy,
    close: async () => undefined,
  };
  return { bus, setHealthy: (value: boolean) => (healthy = value) };
}

/** Line changes make the panel and their owner stale; server changes everything. */
const staleScopes = (event: ChangeEvent): StaleScopes => {
  if (event.table === 'cccam_servers') return 'all';
  if (event.table !== 'users') return null;
  return event.audience === 'all' ? 'all' : ['panel', ...event.audience];
};
const lineOf = (owner: string): ChangeEvent => ({
  table: 'users',
  action: 'update',
  id: '1',
  audience: [owner],
});

function counter() {
  let runs = 0;
  return { compute: async () => ++runs, runs: () => runs };
}

describe('dashboard scope cache', () => {
  it('computes once for callers asking together, and reuses the result', async () => {
    const { bus } = fakeBus();
    const cache = createScopeCache<number>(bus, { ttlMs: 60_000, staleScopes });
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 10));
      return runs;
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.get('panel', 'today', slow)));
    expect(results).toEqual([1, 1, 1, 1, 1]);
    expect(await cache.get('panel', 'today', slow)).toBe(1);
    expect(await cache.get('panel', 'tomorrow', slow)).toBe(2);
    expect(await cache.get('owner-a', 'today', slow)).toBe(3);
  });

  it("a line change drops the panel and its owner's view, not other owners' or on other tables", async () => {
    const { bus } = fakeBus();
    const cache = createScopeCache<number>(bus, { ttlMs: 60_000, staleScopes });
    const { compute } = counter();
    await cache.get('panel', 'today', compute); // 1
    await cache.get('owner-a', 'today', compute); // 2
    await cache.get('owner-b', 'today', compute); // 3
    await bus.publish({ table: 'tickets', action: 'insert', id: '9', audience: ['owner-a'] });
    expect(await cache.get('owner-a', 'today', compute)).toBe(2);

    await bus.publish(lineOf('owner-a'));
    expect(await cache.get('panel', 'today', compute)).toBe(4);
    expect(await cache.get('owner-a', 'today', compute)).toBe(5);
    expect(await cache.get('owner-b', 'today', compute)).toBe(3);

    await bus.publish({ table: 'cccam_servers', action: 'update', id: '3', audience: [] });
    expect(await cache.get('owner-b', 'today', compute)).toBe(6);
  });

  it('a change during a computation keeps its result from being reused', async () => {
    const { bus } = fakeBus();
    const cache = createScopeCache<number>(bus, { ttlMs: 60_000, staleScopes });
    let release = () => undefined as void;
    const first = cache.get('owner-a', 'today', () => new Promise<number>((r) => (release = () => r(1))));
    await bus.publish(lineOf('owner-a'));
    release();
    expect(await first).toBe(1);
    expect(await cache.get('owner-a', 'today', async () => 2)).toBe(2);
  });

  it('expires after its time, retries after a failure, and reuses nothing while events may be missed', async () => {
    const { bus, setHealthy } = fakeBus();
    let clock = 0;
    const cache = createScopeCache<number>(bus, { ttlMs: 1_000, staleScopes, now: () => clock });
    const { compute } = counter();
    await cache.get('panel', 'today', compute);
    clock = 999;
    expect(await cache.get('panel', 'today', compute)).toBe(1);
    clock = 1_000;
    expect(await cache.get('panel', 'today', compute)).toBe(2);

    const down = () => Promise.reject(new Error('database down'));
    await expect(cache.get('panel', 'failing', down)).rejects.toThrow();
    expect(await cache.get('panel', 'failing', compute)).toBe(3);

    setHealthy(false);
    expect(await cache.get('panel', 'today', compute)).toBe(4);
    expect(await cache.get('panel', 'today', compute)).toBe(5);
  });

  it('with no time to live computes every call', async () => {
    const { bus } = fakeBus();
    const cache = createScopeCache<number>(bus, { ttlMs: 0, staleScopes });
    const { compute } = counter();
    await cache.get('panel', 'today', compute);
    expect(await cache.get('panel', 'today', compute)).toBe(2);
  });
});
