import type { AppContext } from '../app-context.js';
import type { RequestActivity } from './request-activity.js';

/** How a background job's steps give way to the panel's requests on the embedded database. */
export type GiveWay = {
  /** The share of the database's time the job takes at most, by pausing after each step. */
  share: number;
  /**
   * When given, each step first waits for a moment without requests (`quietMs` since the last one),
   * but not longer than `maxWaitMs`: a job nobody waits for runs in the gaps between requests, and
   * under a load that leaves none, one step per `maxWaitMs`.
   */
  quiet?: { activity: RequestActivity; quietMs: number; maxWaitMs: number };
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function quietMoment({ activity, quietMs, maxWaitMs }: NonNullable<GiveWay['quiet']>): Promise<void> {
  const until = Date.now() + maxWaitMs;
  for (;;) {
    const now = Date.now();
    const left = quietMs - (now - activity.lastRequestAt());
    if (left <= 0 || now >= until) return;
    await sleep(Math.min(left, until - now));
  }
}

/**
 * Runs one step of a long background job (a reminder round, an import), then, on the embedded
 * database, leaves the database to others long enough that the job takes at most `share` of its time
 * (its wait for the connection counted as held: the busier the database, the more the job gives way).
 * The embedded database has one connection, on the server's main thread: a request's queries wait
 * behind each of the job's statements, and with no pause (or only a turn of the event loop) the job's
 * next statement takes the connection again before a request that needs several queries is done, so
 * that request waits for most of the job (bench/RESULTS.md, Session 24; a 10,000-row import held a
 * request for 39 s). Under a steady load of requests, a job taking a share of the time slows every
 * request by about that share, and every request that arrives during a step waits for the step: a job
 * a user is watching (an import) takes half, one nobody waits for (a reminder round) also waits for
 * quiet moments. PostgreSQL gives each caller a connection of its own, so there the job runs on
 * without pauses.
 */
export async function giveWay<T>(
  ctx: AppContext,
  run: () => Promise<T>,
  way: GiveWay = { share: 0.5 },
): Promise<T> {
  if (ctx.database.kind !== 'embedded') return run();
  if (way.quiet) await quietMoment(way.quiet);
  const started = performance.now();
  const result = await run();
  const held = performance.now() - started;
  await sleep((held * (1 - way.share)) / way.share);
  return result;
}
