import { z } from 'zod';
import { nonEmptyPatch, text } from './schema-blocks.js';

/** Where the panel reaches the Bot API unless the admin names another (a local Bot API server). */
export const TELEGRAM_DEFAULT_API_ROOT = 'https://api.telegram.org';

/** How long a link code may be sent to the bot. */
export const TELEGRAM_LINK_CODE_MINUTES = 10;

/** The bot's settings as the admin sees them: the token only as "set". */
export const telegramSettingsSchema = z.object({
  enabled: z.boolean(),
  token_set: z.boolean(),
  api_root: text(),
  /** The bot's @username, learnt from getMe when the token was saved or tested. */
  bot_username: text().nullable(),
});
export type TelegramSettings = z.infer<typeof telegramSettingsSchema>;

const apiRoot = text()
  .trim()
  .max(300)
  .refine((value) => /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(value), { error: 'TELEGRAM_API_ROOT_INVALID' })
  .transform((value) => value.replace(/\/+$/, ''));

/** A Bot API token as @BotFather gives it: the bot's id, a colon, then the secret part. */
const token = text()
  .trim()
  .max(200)
  .refine((value) => /^\d{1,20}:[\w-]{20,}$/.test(value), { error: 'TELEGRAM_TOKEN_INVALID' });

export const telegramSettingsPatchSchema = nonEmptyPatch(
  z.strictObject({
    enabled: z.boolean().optional(),
    token: token.optional(),
    api_root: apiRoot.optional(),
  }),
);
export type TelegramSettingsPatch = z.infer<typeof telegramSettingsPatchSchema>;

export const telegramTestResultSchema = z.object({ bot_username: text() });
export type TelegramTestResult = z.infer<typeof telegramTestResultSchema>;

/** The caller's own link: whether a chat is linked, and whether the bot is there to link one. */
export const telegramLinkSchema = z.object({
  available: z.boolean(),
  linked: z.boolean(),
  linked_at: text().nullable(),
  /** The linked chat's @username, or its name, as Telegram gave it when it linked. */
  chat_name: text().nullable(),
  bot_username: text().nullable(),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

/** A fresh one-time code, what to send the bot, and the t.me link that sends it. */
export const telegramLinkCodeSchema = z.object({
  code: text(),
  command: text(),
  deep_link: text(),
  expires_at: text(),
});
export type TelegramLinkCode = z.infer<typeof telegramLinkCodeSchema>;
