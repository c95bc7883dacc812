import { EVENT_POSITION_BLOCK_ID } from '@linedesk/shared/page';

// Positions are the server's clock (milliseconds) when a request arrived: the page carries its own,
// every answer carries one in a header. The event stream opens after the first paint, later than the
// page's reads; opened with `since` the start of those reads, it brings the changes made in between,
// which otherwise reached nobody.

let page: number | null | undefined;
let latestAnswer: number | undefined;
let windowStart: number | undefined;

function readPosition(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** The page's own position, read once. */
function pagePosition(): number | undefined {
  if (page === undefined) {
    const block = typeof document === 'undefined' ? null : document.getElementById(EVENT_POSITION_BLOCK_ID);
    page = readPosition(block?.textContent) ?? null;
  }
  return page ?? undefined;
}

/** Every answer's position, from its header. */
export function noteAnswerPosition(header: string | null): void {
  const value = readPosition(header);
  if (value !== undefined && (latestAnswer === undefined || value > latestAnswer)) latestAnswer = value;
}

/**
 * This tab became signed in. With the account the page carried, reads may already be under way, so
 * the window starts at the page's position. Signed in here (a sign-in, a confirmed email), nothing
 * was read as this account before the answer that signed it in: every answer received so far arrived
 * earlier than any read to come, and the latest of them starts a window that is as short as it can
 * be (a long stay on the sign-in page would otherwise outlast what the server holds).
 */
export function startEventWindow(accountCameWithPage: boolean): void {
  const fromPage = pagePosition();
  const known = [fromPage, latestAnswer].filter((value) => value !== undefined);
  windowStart = accountCameWithPage || known.length === 0 ? fromPage : Math.max(...known);
}

/** Where the event stream of the signed-in session starts, when known. */
export function eventWindowStart(): number | undefined {
  return windowStart;
}
