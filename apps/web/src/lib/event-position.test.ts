import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EventPosition from './event-position';

// The module keeps the tab's positions: each test takes a fresh copy of it.
let positions: typeof EventPosition;
beforeEach(async () => {
  vi.resetModules();
  positions = await import('./event-position');
});

describe("where a signed-in tab's event stream starts", () => {
  it('signed in on this tab: at the latest position any answer brought, whatever order they came in', () => {
    positions.noteAnswerPosition('1000');
    positions.noteAnswerPosition('3000');
    positions.noteAnswerPosition('2000');
    positions.startEventWindow(false);
    expect(positions.eventWindowStart()).toBe(3000);
    // Answers after the sign-in do not move it: the stream must bring what they may have missed.
    positions.noteAnswerPosition('9000');
    expect(positions.eventWindowStart()).toBe(3000);
  });

  it('with the account the page carried, at the page’s own position only: reads may be under way', () => {
    positions.noteAnswerPosition('5000');
    // No page here (no position block): no position to start from, so the stream asks for none.
    positions.startEventWindow(true);
    expect(positions.eventWindowStart()).toBeUndefined();
  });

  it('ignores a header that is not a position', () => {
    for (const header of [null, '', 'soon', '-5', '1.5']) positions.noteAnswerPosition(header);
    positions.startEventWindow(false);
    expect(positions.eventWindowStart()).toBeUndefined();
  });
});
