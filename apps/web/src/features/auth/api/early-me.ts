import type { Me } from '@linedesk/shared';
import { signInApi } from './sign-in-api';

let early: Promise<Me | null> | undefined;

/**
 * Asks who is signed in as the app starts, while its code and texts are still downloading, rather
 * than once the page that needs the answer has rendered.
 */
export function startMeRequest() {
  early ??= signInApi.getMe();
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
