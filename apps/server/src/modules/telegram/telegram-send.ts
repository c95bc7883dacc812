import { Api, GrammyError } from 'grammy';
import type { AppContext } from '../../app-context.js';
import { telegramClient } from './telegram-client.js';
import { activeBotConfig, failureReason } from './telegram-settings.service.js';
import { telegramRepository } from './telegram.repository.js';

/** Why a Telegram message was not sent; `retryable` says whether sending it later may work. */
export class TelegramSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The account has no linked chat (never linked, unlinked, or the chat ended with /stop). */
export class TelegramNotLinkedError extends TelegramSendError {
  constructor(readonly accountId: string) {
    super(`No Telegram chat is linked to account ${accountId}`, false);
  }
}

/** The admin has not set the bot up, or switched it off. */
export class TelegramNotConfiguredError extends TelegramSendError {
  constructor() {
    super('The Telegram bot is not set up', false);
  }
}

/**
 * Telegram refused the message or could not be reached. Network failures, rate limits (429) and
 * Telegram's own failures (5xx) are worth retrying; a refusal (the user blocked the bot: 403) is not.
 */
export class TelegramApiError extends TelegramSendError {
  constructor(
    readonly description: string,
    readonly errorCode: number | null,
    /** Telegram's `retry_after` on a 429, in seconds. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(`Telegram API error: ${description}`, errorCode === null || errorCode === 429 || errorCode >= 500);
  }
}

export function toTelegramApiError(error: unknown): TelegramApiError {
  if (error instanceof GrammyError) {
    return new TelegramApiError(error.description, error.error_code, error.parameters.retry_after ?? null);
  }
  return new TelegramApiError(failureReason(error), null, null);
}

/**
 * The Bot API client for the current settings (no getMe needed to send). Sending lives apart from the
 * bot's commands: the commands act on lines, and the lines' notifications are sent through here.
 */
async function telegramApi(ctx: AppContext): Promise<Api | null> {
  const config = await activeBotConfig(ctx);
  return config ? new Api(config.token, telegramClient(config.apiRoot)) : null;
}

export type TelegramSendOptions = Parameters<Api['sendMessage']>[2];

/**
 * Sends `text` to the account's linked chat, for the notification channels. The text is sent as
 * written (plain text unless `options.parse_mode` says otherwise): the caller translates it into
 * the account's language. Throws a TelegramSendError subclass, whose `retryable` an outbox can follow.
 */
export async function sendTelegramMessage(
  ctx: AppContext,
  accountId: string,
  text: string,
  options?: TelegramSendOptions,
): Promise<{ messageId: number }> {
  const api = await telegramApi(ctx);
  if (!api) throw new TelegramNotConfiguredError();
  const link = await telegramRepository.linkOfAccount(ctx.db, accountId);
  if (!link) throw new TelegramNotLinkedError(accountId);
  try {
    const sent = await api.sendMessage(link.chatId, text, options);
    return { messageId: sent.message_id };
  } catch (error) {
    throw toTelegramApiError(error);
  }
}
