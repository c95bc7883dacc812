import { defineContract } from '../contract.js';
import {
  telegramLinkCodeSchema,
  telegramLinkSchema,
  telegramSettingsPatchSchema,
  telegramSettingsSchema,
  telegramTestResultSchema,
} from '../telegram.js';

const tags = ['telegram'];

export const getSettings = defineContract({
  method: 'GET',
  path: '/api/telegram/settings',
  access: 'admin',
  tags,
  summary: "The Telegram bot's settings (admin); the token is only shown as set",
  response: telegramSettingsSchema,
  errors: ['ADMIN_ONLY'],
});

export const updateSettings = defineContract({
  method: 'PATCH',
  path: '/api/telegram/settings',
  access: 'admin',
  tags,
  summary: 'Set the bot token, switch the bot on or off, or point it at another Bot API server (admin)',
  description:
    "A new token is checked with getMe before it is kept (sealed with the data folder key). The panel then reads the bot's updates by long polling; with several instances on PostgreSQL one of them polls at a time.",
  body: telegramSettingsPatchSchema,
  response: telegramSettingsSchema,
  errors: [
    'ADMIN_ONLY',
    'NOTHING_TO_UPDATE',
    'TELEGRAM_TOKEN_INVALID',
    'TELEGRAM_API_ROOT_INVALID',
    'TELEGRAM_TOKEN_REJECTED',
    'TELEGRAM_API_ERROR',
  ],
});

export const testSettings = defineContract({
  method: 'POST',
  path: '/api/telegram/settings/test',
  access: 'admin',
  tags,
  summary: 'Ask Telegram who the bot is (getMe) with the saved token (admin)',
  response: telegramTestResultSchema,
  errors: ['ADMIN_ONLY', 'TELEGRAM_NOT_CONFIGURED', 'TELEGRAM_TOKEN_REJECTED', 'TELEGRAM_API_ERROR'],
});

export const getLink = defineContract({
  method: 'GET',
  path: '/api/telegram/link',
  access: 'signedIn',
  tags,
  summary: 'Whether a Telegram chat is linked to my account, which one and since when',
  response: telegramLinkSchema,
});

export const createLinkCode = defineContract({
  method: 'POST',
  path: '/api/telegram/link-code',
  // A linked chat can spend the account's credits (/renew): like a new API key, only a signed-in
  // browser makes one, never an API key.
  access: 'browserSession',
  tags,
  summary: 'A one-time code that links the chat which sends it to the bot to my account',
  description:
    'Send `/start <code>` to the bot, or open `deep_link`, within 10 minutes. A code links once; a newer code makes older ones unusable. Only from a signed-in browser, not with an API key. A password change or reset unlinks the chat.',
  status: 201,
  response: telegramLinkCodeSchema,
  errors: ['TELEGRAM_NOT_CONFIGURED'],
});

export const unlink = defineContract({
  method: 'DELETE',
  path: '/api/telegram/link',
  access: 'signedIn',
  tags,
  summary: 'Unlink my Telegram chat; the bot no longer answers it or writes to it',
  status: 204,
  response: null,
  errors: ['TELEGRAM_NOT_LINKED'],
});
