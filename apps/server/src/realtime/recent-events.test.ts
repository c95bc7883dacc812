import type { ChangeEvent } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { createRecentEvents } from './recent-events.js';

const change = (id: number): ChangeEvent => ({
  table: 'messages',
  action: 'insert',
  id: String(id),
  audience: 'all',
});
const ids = (events: ChangeEvent[] | null) => events?.map((event) => event.id) ?? null;

describe('the events held for streams opened late', () => {
  it('gives those received at or after the position, oldest first', () => {
    let now = 1_000;
    const recent = createRecentEvents(() => now);
    recent.add(change(1), 1_000);
    recent.add(change(2), 1_500);
    recent.add(change(3), 2_000);
    now = 2_100;
    expect(ids(recent.since(1_500))).toEqual(['2', '3']);
    expect(ids(recent.since(2_001))).toEqual([]);
    expect(ids(recent.since(1_000))).toEqual(['1', '2', '3']);
  });

  it('cannot answer for a position before it started holding', () => {
    const recent = createRecentEvents(() => 10_000);
    expect(recent.since(9_999)).toBeNull();
    expect(recent.since(10_000)).toEqual([]);
  });

  it('lets go of events older than five minutes, and then of positions before them', () => {
    let now = 0;
    const recent = createRecentEvents(() => now);
    recent.add(change(1), 0);
    recent.add(change(2), 60_000);
    now = 5 * 60_000 + 1;
    expect(recent.since(0)).toBeNull();
    expect(ids(recent.since(1))).toEqual(['2']);
  });

  it('holds at most 20,000, the oldest let go first', () => {
    const recent = createRecentEvents(() => 0);
    for (let i = 0; i < 20_005; i += 1) recent.add(change(i), i);
    expect(recent.since(4)).toBeNull();
    const held = recent.since(5);
    expect(held).toHaveLength(20_000);
    expect(held?.[0]?.id).toBe('5');
    expect(held?.at(-1)?.id).toBe('20004');
  });

  it('after a gap (the bus could not hear), answers only from the gap on', () => {
    let now = 0;
    const recent = createRecentEvents(() => now);
    recent.add(change(1), 100);
    recent.gap(200);
    recent.add(change(2), 300);
    now = 400;
    expect(recent.since(100)).toBeNull();
    expect(ids(recent.since(200))).toEqual(['2']);
  });
});
