import type { SharingStep } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { advanceLadder, type LadderState } from './sharing-steps.js';

const ladder: SharingStep[] = [
  { step: 'note', min_score: 30, polls: 1 },
  { step: 'warn', min_score: 55, polls: 2 },
  { step: 'oscam', min_score: 80, polls: 3, penalty: 1 },
  { step: 'suspend', min_score: 90, polls: 3 },
];

/** The steps taken at each poll of a run of scores. */
function run(scores: number[], steps = ladder): string[][] {
  let state: LadderState | null = null;
  return scores.map((score) => {
    const outcome = advanceLadder(steps, state, score);
    state = outcome.state;
    return [...outcome.due.map((s) => s.step), ...(outcome.ended ? ['ended'] : [])];
  });
}

describe('the sharing ladder', () => {
  it('takes each step once, when its score has held for its polls in a row', () => {
    expect(run([30, 60, 60, 85, 85, 85, 95, 95])).toEqual([
      ['note'],
      [],
      ['warn'],
      [],
      [],
      ['oscam'],
      [],
      [],
    ]);
  });

  it('counts polls in a row: a poll below a step’s score starts its count again', () => {
    expect(run([85, 85, 60, 85, 85, 85])).toEqual([['note'], ['warn'], [], [], [], ['oscam']]);
  });

  it('several steps due at one poll are taken together in the plan’s order', () => {
    expect(run([95, 95, 95])).toEqual([['note'], ['warn'], ['oscam', 'suspend']]);
  });

  it('ends the episode at the first poll that scores 0, and a new episode takes the steps again', () => {
    expect(run([60, 60, 0, 0, 60, 60])).toEqual([['note'], ['warn'], ['ended'], [], ['note'], ['warn']]);
  });

  it('takes nothing without steps and opens no episode for a line that scores 0', () => {
    expect(advanceLadder([], null, 80).due).toEqual([]);
    expect(advanceLadder(ladder, null, 0)).toEqual({ state: null, due: [], ended: false });
  });
});
