import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../app-context.js';
import { translate } from '../../i18n/server-texts.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { recipientLanguages } from '../locale/account-language.service.js';
import { announceDirectMessage, insertDirectMessage } from '../messages/message-sender.js';
import {
  SIGN_IN_ACCOUNT_ATTACK_THRESHOLD,
  SIGN_IN_WINDOW_MS,
  attackDelayMs,
  startsGuessingEpisode,
} from './sign-in-limiter.js';

/**
 * An account being guessed from many addresses is slowed down rather than locked: each attempt on it
 * waits a little (the owner's too, who still gets in), so guessing it costs time without shutting its
 * owner out.
 */
export async function slowDownIfGuessed(slot: { accountFailures: number }): Promise<void> {
  const delay = attackDelayMs(slot.accountFailures);
  if (delay > 0) await sleep(delay);
}

/**
 * A wrong password or code was given for `email`. Once the account is being guessed, its owner gets
 * one message for the episode (not one per attempt), in the panel's messages.
 */
export async function signInFailed(
  ctx: AppContext,
  email: string,
  slot: { accountFailures: number },
): Promise<void> {
  const failures = slot.accountFailures + 1;
  if (failures < SIGN_IN_ACCOUNT_ATTACK_THRESHOLD) return;
  if (!(await startsGuessingEpisode(ctx.db, email))) return;
  const account = await accountsRepository.findByEmail(ctx.db, email);
  if (!account) return;
  const minutes = SIGN_IN_WINDOW_MS / 60_000;
  const language = (await recipientLanguages(ctx.db, [account.id]))(account.id);
  const id = await insertDirectMessage(ctx.db, {
    recipientId: account.id,
    createdBy: null,
    title: translate(language, 'signIn.guessedTitle'),
    content: translate(language, 'signIn.guessedContent', { failures, minutes }),
    text: { kind: 'sign_in_guessed', params: { failures, minutes } },
  });
  await announceDirectMessage(ctx.bus, id, account.id);
}
