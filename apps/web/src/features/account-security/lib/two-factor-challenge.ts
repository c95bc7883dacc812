import type { TwoFactorChallenge } from '@linedesk/shared';

/** The sign-in answer when the account asks for a code next (instead of the signed-in account). */
export function isTwoFactorChallenge(result: unknown): result is TwoFactorChallenge {
  return typeof result === 'object' && result !== null && 'two_factor_required' in result;
}
