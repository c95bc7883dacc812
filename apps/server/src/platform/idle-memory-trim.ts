import type { Server } from 'node:http';
import v8 from 'node:v8';
import { requestActivity } from './request-activity.js';

/** A quiet spell this long after requests counts as idle (a full collection costs 20-50 ms). */
const IDLE_MS = 5_000;
/** The second collection's quiet spell: long enough for V8 to see the allocation rate of an idle server. */
const SETTLED_MS = 15_000;
const CHECK_MS = 2_500;
/** A young generation bigger than this after the first collection is worth a second one. */
const YOUNG_SHRUNK_BYTES = 4 * 1024 * 1024;

type Gc = () => void;

function youngGenerationBytes(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * Once the server goes quiet after a burst of requests, gives the burst's memory back. V8 keeps the
 * heap pages a burst made it grow into (a list served under load, a thousand event streams) unless
 * a collection empties and compacts them, and Node never asks for one when idle; V8's own memory
 * reducer runs only sometimes (on PostgreSQL after the bench, one instance stayed at 169 MB for 40 s
 * while the other went down to 124 MB). So, with `node --expose-gc` (the start script gives it;
 * without it this does nothing):
 * - after IDLE_MS of quiet, one full collection that compacts the old generation (a plain one freed
 *   the dead objects but kept 69 MB of pages for 30 MB of live ones);
 * - after SETTLED_MS, if the young generation is still at its full size (32 MB), a second one: V8
 *   shrinks it only in a collection that follows a spell of low allocation, and right after a burst
 *   the server still allocates too fast for the first collection to count as one.
 */
export function startIdleMemoryTrim(server: Server): () => void {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (typeof gc !== 'function') return () => undefined;
  const activity = requestActivity(server);
  /** The last request seen by the collections below, and how many have run since it. */
  let burstEndedAt = 0;
  let collections = 2;
  const timer = setInterval(() => {
    const lastRequestAt = activity.lastRequestAt();
    if (lastRequestAt > burstEndedAt) {
      burstEndedAt = lastRequestAt;
      collections = 0;
    }
    const quietMs = Date.now() - lastRequestAt;
    if (collections === 0 && quietMs >= IDLE_MS) {
      collections = 1;
      // Compaction is V8's choice per collection; this one is asked to move every page's survivors.
      v8.setFlagsFromString('--compact-on-every-full-gc');
      try {
        gc();
      } finally {
        v8.setFlagsFromString('--no-compact-on-every-full-gc');
      }
    } else if (collections === 1 && quietMs >= SETTLED_MS) {
      collections = 2;
      if (youngGenerationBytes() > YOUNG_SHRUNK_BYTES) gc();
    }
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
