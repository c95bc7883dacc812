import type { AppContext } from '../app-context.js';

/**
 * Runs one step of a long background job (a reminder round, an import), then, on the embedded
 * database, leaves the database to others for as long as the step took (its wait for the connection
 * included: the busier the database, the more the job gives way). The embedded database has one
 * connection, on the server's main thread: a request's queries wait behind each of the job's
 * statements, and with no pause (or only a turn of the event loop) the job's next statement takes the
 * connection again before a request that needs several queries is done, so that request waits for
 * most of the job (bench/RESULTS.md, Session 24; a 10,000-row import held a request for 39 s). A
 * background job taking twice as long costs nobody anything. PostgreSQL gives each caller a
 * connection of its own, so there the job runs on without pauses.
 */
export async function giveWay<T>(ctx: AppContext, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  if (ctx.database.kind !== 'embedded') return result;
  const held = performance.now() - started;
  await new Promise<void>((resolve) => setTimeout(resolve, held));
  return result;
}
