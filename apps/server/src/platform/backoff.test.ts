import { describe, expect, it } from 'vitest';
import { backoffMs, claimSecondsCoveringCalls, leaseCoveringCallsMs } from './backoff.js';

describe('backoffMs', () => {
  const backoff = { baseMs: 1000, maxMs: 60_000 };

  it('doubles the wait with each attempt, from the base', () => {
    expect([0, 1, 2, 3, 4].map((n) => backoffMs(n, backoff))).toEqual([1000, 2000, 4000, 8000, 16_000]);
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    expect(backoffMs(6, backoff)).toBe(60_000);
    expect(backoffMs(1000, backoff)).toBe(60_000);
    expect(backoffMs(Number.MAX_SAFE_INTEGER, { baseMs: 1, maxMs: 2 ** 40 })).toBe(2 ** 30);
  });

  it('treats a negative attempt count as the first attempt', () => {
    expect(backoffMs(-3, backoff)).toBe(1000);
  });

  it('spreads the wait by the jitter either way, in whole milliseconds', () => {
    const jittered = { ...backoff, jitter: 0.2 };
    expect(backoffMs(2, jittered, () => 0)).toBe(3200);
    expect(backoffMs(2, jittered, () => 0.5)).toBe(4000);
    expect(backoffMs(2, jittered, () => 0.999_999)).toBe(4800);
    expect(backoffMs(0, { baseMs: 333, maxMs: 10_000, jitter: 0.2 }, () => 0.3)).toBe(306);
  });

  it('caps the jittered wait as well', () => {
    expect(backoffMs(10, { ...backoff, jitter: 0.2 }, () => 0)).toBe(60_000);
  });

  it('asks for no random number without jitter', () => {
    expect(
      backoffMs(1, backoff, () => {
        throw new Error('not wanted');
      }),
    ).toBe(2000);
  });
});

describe('leaseCoveringCallsMs', () => {
  it('covers three calls with 5 s to spare', () => {
    expect(leaseCoveringCallsMs(10_000)).toBe(35_000);
    expect(leaseCoveringCallsMs(0)).toBe(5000);
  });
});

describe('claimSecondsCoveringCalls', () => {
  it("is the interval, or the calls' lease in whole seconds when that is longer", () => {
    expect(claimSecondsCoveringCalls(60, 5000)).toBe(60);
    expect(claimSecondsCoveringCalls(1, 5000)).toBe(20);
    expect(claimSecondsCoveringCalls(1, 5100)).toBe(21);
  });
});
