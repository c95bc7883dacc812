import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';

describe('group commit', () => {
  it('runs what arrives together as one batch, and what arrives during a batch as the next one', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const submit = groupCommit(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => item * 10);
    }, 3);

    const first = [1, 2].map(submit);
    // Let the first batch start and wait inside.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [3, 4, 5, 6].map(submit);
    release();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50, 60]);
    // At most 3 per batch: the four that waited went in two.
    expect(batches).toEqual([[1, 2], [3, 4, 5], [6]]);
  });

  it("gives a failed batch's error to each of its items and goes on with the next", async () => {
    let calls = 0;
    const submit = groupCommit(async (items: string[]) => {
      calls += 1;
      if (items.includes('bad')) throw new Error('batch failed');
      return items.map((item) => item.toUpperCase());
    }, 10);
    const results = await Promise.allSettled([submit('ok'), submit('bad')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await submit('next')).toBe('NEXT');
    expect(calls).toBe(2);
  });
});
