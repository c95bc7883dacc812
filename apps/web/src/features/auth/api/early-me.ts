import type { Me } from '@linedesk/shared';
import { ME_BLOCK_ID } from '@linedesk/shared/page';
import { signInApi } from './sign-in-api';

let early: Promise<Me | null> | undefined;

/**
 * The answer the server wrote into the page for a visitor with a session cookie (`GET /api/me`'s,
 * or `null` for an ended session), once; `undefined` when the page carries none.
 */
function meFromPage(): Me | null | undefined {
  const block = document.getElementById(ME_BLOCK_ID);
  if (!block?.textContent) return undefined;
  block.remove();
  try {
    const me = JSON.parse(block.textContent) as Me | null;
    accountFromPage = me !== null;
    return me;
  } catch {
    return undefined;
  }
}

let accountFromPage = false;

/** The page carried a signed-in account (read as the page was served, before any of its requests). */
export function accountCameWithPage(): boolean {
  return accountFromPage;
}

/**
 * Who is signed in, as the app starts: from the page when it carries the answer, otherwise asked for
 * while the app's code and texts are still downloading, rather than once the page that needs the
 * answer has rendered.
 */
export function startMeRequest() {
  if (!early) {
    const fromPage = meFromPage();
    early = fromPage === undefined ? signInApi.getMe() : Promise.resolve(fromPage);
  }
  // Whoever takes the answer sees a failure; until then it is not an unhandled rejection.
  early.catch(() => undefined);
}

/**
 * The answer started by `startMeRequest`, once: the sign-in page or the query cache (whichever loads
 * first) takes it, so a stale answer is never handed out later.
 */
export function takeEarlyMe(): Promise<Me | null> | undefined {
  const answer = early;
  early = undefined;
  return answer;
}

/** This tab has seen the session end (signed out here, or a request refused as signed out). */
let sessionEnded = false;

/** Told by the query cache whenever the cached account changes (null: no one is signed in). */
export function noteSessionEnded(ended = true) {
  sessionEnded = ended;
}

/**
 * Who is signed in, for the sign-in page: the answer started at load, or else asked now, unless this
 * tab already knows the session has ended. Asking then could only answer 401, which the browser's
 * console reports as an error after every sign-out.
 */
export function currentMe(): Promise<Me | null> {
  return takeEarlyMe() ?? (sessionEnded ? Promise.resolve(null) : signInApi.getMe());
}
