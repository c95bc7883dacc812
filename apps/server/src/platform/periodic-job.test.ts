import { describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context.js';
import { createJobMonitor } from './job-monitor.js';
import { startPeriodicJob } from './periodic-job.js';

function fakeContext() {
  const logged: string[] = [];
  const jobs = createJobMonitor();
  const ctx = { jobs, log: { error: (_data: unknown, message: string) => logged.push(message) } };
  return { ctx: ctx as unknown as AppContext, jobs, logged };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('periodic job', () => {
  it('runs one round at a time, keeps going after a failure, and shows both on the status page', async () => {
    const { ctx, jobs, logged } = fakeContext();
    let active = 0;
    let most = 0;
    let rounds = 0;
    const job = startPeriodicJob(ctx, {
      name: 'probe',
      everyMs: 5,
      failureMessage: 'Probe failed',
      round: async () => {
        rounds += 1;
        active += 1;
        most = Math.max(most, active);
        await sleep(15);
        active -= 1;
        if (rounds === 1) throw new Error('first round breaks');
      },
    });
    while (rounds < 3) await sleep(5);
    await job.stop();
    expect(most).toBe(1);
    expect(logged).toEqual(['Probe failed']);
    expect(jobs.snapshot()[0]).toMatchObject({ name: 'probe', last_error: 'first round breaks' });
    expect(jobs.snapshot()[0]!.runs).toBeGreaterThanOrEqual(3);
  });

  it('stop aborts the running round, waits for it, and starts no other', async () => {
    const { ctx, logged } = fakeContext();
    let started = 0;
    let finished = false;
    const job = startPeriodicJob(ctx, {
      name: 'long',
      everyMs: 5,
      firstAfterMs: 1,
      failureMessage: 'Long failed',
      round: async (signal) => {
        started += 1;
        while (!signal.aborted) await sleep(2);
        finished = true;
        throw new Error('aborted');
      },
    });
    while (started === 0) await sleep(2);
    await job.stop();
    expect(finished).toBe(true);
    await sleep(30);
    expect(started).toBe(1);
    // A round ended by stopping is not a failure worth logging.
    expect(logged).toEqual([]);
  });
});
