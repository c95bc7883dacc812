/**
 * Reads until `done` holds, every 100 ms; fails with the last value read after `ms`. The limit only
 * stops a test that would otherwise hang, so it is generous (a machine busy with other work is many
 * times slower) and below the API tests' 120 s, so the failure shows the last value read.
 */
export async function waitFor<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  ms = 90_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What `jobRuns` needs of a test server: its background jobs' counts. */
type WithJobs = { built: { ctx: { jobs: { snapshot: () => { name: string; runs: number }[] } } } };

/** How many rounds the server's background job `name` has finished so far. */
export function jobRuns(server: WithJobs, name: string): number {
  return server.built.ctx.jobs.snapshot().find((job) => job.name === name)?.runs ?? 0;
}

/**
 * Waits until the job has finished `n` more rounds. A round under way now counts as one, so with
 * `n` of 2 a round that began after this call has ended: whatever was due before it is done.
 */
export async function jobRoundsPass(server: WithJobs, name: string, n: number): Promise<void> {
  const target = jobRuns(server, name) + n;
  await waitFor(
    () => jobRuns(server, name),
    (runs) => runs >= target,
  );
}
