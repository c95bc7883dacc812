import {
  TELEGRAM_DEFAULT_API_ROOT,
  type TelegramSettings,
  type TelegramSettingsPatch,
  type TelegramTestResult,
} from '@linedesk/shared';
import { Api, GrammyError, HttpError } from 'grammy';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { telegramClient } from './telegram-client.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { telegramRepository } from './telegram.repository.js';

const SETTINGS_KEY = 'telegram.bot';

/** As kept in app_settings: the token sealed with the data folder's key, never in the clear. */
export type StoredTelegramSettings = {
  enabled: boolean;
  tokenSealed: string | null;
  apiRoot: string;
  botUsername: string | null;
};

const unset: StoredTelegramSettings = {
  enabled: false,
  tokenSealed: null,
  apiRoot: TELEGRAM_DEFAULT_API_ROOT,
  botUsername: null,
};

export async function storedTelegramSettings(ctx: AppContext): Promise<StoredTelegramSettings> {
  return { ...unset, ...(await appSettingsRepository.get(ctx.db, SETTINGS_KEY, unset)) };
}

/** What the bot needs to talk to Telegram, when it is switched on and has a token. */
export type TelegramBotConfig = { token: string; apiRoot: string; botUsername: string | null };

export async function activeBotConfig(ctx: AppContext): Promise<TelegramBotConfig | null> {
  const stored = await storedTelegramSettings(ctx);
  if (!stored.enabled || !stored.tokenSealed) return null;
  return {
    token: ctx.telegramSecrets.decrypt(stored.tokenSealed),
    apiRoot: stored.apiRoot,
    botUsername: stored.botUsername,
  };
}

/**
 * Telegram's own words for a refusal (its `description`), or why it could not be reached. A token
 * Telegram does not know (401 Unauthorized, 404 for a token of the wrong shape) is the admin's to
 * fix, not a failure of Telegram.
 */
export function telegramFailure(error: unknown): AppError {
  if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) {
    return new AppError('TELEGRAM_TOKEN_REJECTED');
  }
  return new AppError('TELEGRAM_API_ERROR', { params: { reason: failureReason(error) } });
}

/** What went wrong in words an admin can act on: Telegram's description, or the network's error. */
export function failureReason(error: unknown): string {
  if (error instanceof GrammyError) return error.description;
  // grammY's HttpError says only "Network request failed"; the cause says why (refused, DNS, TLS).
  if (error instanceof HttpError) {
    const cause = error.error instanceof Error ? error.error.message : String(error.error);
    return `${error.message} (${cause})`;
  }
  return error instanceof Error ? error.message : String(error);
}

async function botUsernameOf(token: string, apiRoot: string): Promise<string> {
  try {
    const me = await new Api(token, telegramClient(apiRoot)).getMe();
    return me.username;
  } catch (error) {
    throw telegramFailure(error);
  }
}

function toSettings(stored: StoredTelegramSettings): TelegramSettings {
  return {
    enabled: stored.enabled,
    token_set: stored.tokenSealed !== null,
    api_root: stored.apiRoot,
    bot_username: stored.botUsername,
  };
}

export async function getTelegramSettings(ctx: AppContext, _admin: Actor): Promise<TelegramSettings> {
  return toSettings(await storedTelegramSettings(ctx));
}

/**
 * A new token (or a new Bot API address) is asked for the bot's name before it is kept, so a wrong
 * token is refused here rather than found out when the first message fails.
 */
export async function updateTelegramSettings(
  ctx: AppContext,
  admin: Actor,
  patch: TelegramSettingsPatch,
): Promise<TelegramSettings> {
  const current = await storedTelegramSettings(ctx);
  const next: StoredTelegramSettings = {
    ...current,
    enabled: patch.enabled ?? current.enabled,
    apiRoot: patch.api_root ?? current.apiRoot,
  };
  const stored = current.tokenSealed ? ctx.telegramSecrets.decrypt(current.tokenSealed) : undefined;
  const token = patch.token ?? stored;
  // Only another bot starts reading its updates from the beginning: the same token saved again keeps
  // the poller's place, or the last messages it answered would be answered a second time.
  const newBot = patch.token !== undefined && patch.token !== stored;
  if (token && (patch.token !== undefined || patch.api_root !== undefined)) {
    next.botUsername = await botUsernameOf(token, next.apiRoot);
  }
  if (patch.token !== undefined) next.tokenSealed = ctx.telegramSecrets.encrypt(patch.token);
  await updateSetting(ctx, admin, SETTINGS_KEY, next);
  if (newBot) await telegramRepository.resetPoller(ctx.db);
  await ctx.bus.publish({ table: 'app_settings', action: 'update', id: SETTINGS_KEY, audience: 'all' });
  return toSettings(next);
}

export async function testTelegramSettings(ctx: AppContext, _admin: Actor): Promise<TelegramTestResult> {
  const stored = await storedTelegramSettings(ctx);
  if (!stored.tokenSealed) throw new AppError('TELEGRAM_NOT_CONFIGURED');
  const username = await botUsernameOf(ctx.telegramSecrets.decrypt(stored.tokenSealed), stored.apiRoot);
  return { bot_username: username };
}
