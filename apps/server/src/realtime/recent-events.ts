import type { ChangeEvent } from '@linedesk/shared';

/** How long, and at most how many, events are held for streams opened late. */
const HOLD_MS = 5 * 60_000;
const HOLD_MAX = 20_000;

export type RecentEvents = {
  /** Holds an event this instance received, on its clock. */
  add: (event: ChangeEvent, at?: number) => void;
  /**
   * The events received at or after `since`, oldest first; null when some of them are no longer
   * held (older than the hold, pushed out by many, or sent while this instance could not hear).
   */
  since: (since: number) => ChangeEvent[] | null;
  /** Events from now on are held again, those before may be missing (the bus was deaf meanwhile). */
  gap: (at?: number) => void;
};

/**
 * The last minutes of events, for a stream that opens after the page read its data: the web opens
 * the stream only after its first paint, and a change between the page's read and the stream's
 * opening used to reach nobody (the page stayed stale until the next change or a reload).
 */
export function createRecentEvents(now: () => number = Date.now): RecentEvents {
  const held: { at: number; event: ChangeEvent }[] = [];
  let first = 0;
  // Every event received at or after this time is held.
  let completeFrom = now();

  const drop = (at: number) => {
    while (first < held.length && (held.length - first > HOLD_MAX || held[first]!.at < at - HOLD_MS)) {
      completeFrom = Math.max(completeFrom, held[first]!.at + 1);
      first += 1;
    }
    // Removed in one splice now and then, not one shift per event.
    if (first > 1024 && first * 2 > held.length) {
      held.splice(0, first);
      first = 0;
    }
  };

  return {
    add: (event, at = now()) => {
      held.push({ at, event });
      drop(at);
    },
    since: (since) => {
      drop(now());
      if (since < completeFrom) return null;
      let start = held.length;
      while (start > first && held[start - 1]!.at >= since) start -= 1;
      return held.slice(start).map(({ event }) => event);
    },
    gap: (at = now()) => {
      completeFrom = at;
    },
  };
}
