import { describe, expect, it } from 'vitest';
import { runSequentially, type BulkOutcome } from './run-sequentially';

describe('runSequentially', () => {
  it('runs one item at a time, reports each step and collects failures without stopping', async () => {
    let running = 0;
    let maxRunning = 0;
    const progress: BulkOutcome<number>[] = [];
    const outcome = await runSequentially(
      [1, 2, 3, 4],
      async (n) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (n % 2 === 0) throw new Error(`no ${n}`);
      },
      (step) => progress.push(step),
    );
    expect(maxRunning).toBe(1);
    expect(progress.map((step) => step.done)).toEqual([1, 2, 3, 4]);
    expect(outcome.done).toBe(4);
    expect(outcome.failures.map((failure) => failure.item)).toEqual([2, 4]);
    expect((outcome.failures[0]?.error as Error).message).toBe('no 2');
  });

  it('stops between items when asked', async () => {
    const seen: number[] = [];
    const outcome = await runSequentially(
      [1, 2, 3],
      async (n) => {
        seen.push(n);
      },
      () => undefined,
      () => seen.length >= 2,
    );
    expect(seen).toEqual([1, 2]);
    expect(outcome.done).toBe(2);
  });
});
