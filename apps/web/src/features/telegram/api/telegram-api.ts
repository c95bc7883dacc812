import { telegramContracts, type TelegramSettingsPatch } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const telegramKeys = {
  // Under 'settings' so an app_settings event refreshes the bot's settings everywhere.
  settings: ['settings', 'telegram'] as const,
  link: ['telegram', 'link'] as const,
};

export const telegramApi = {
  settings: (signal?: AbortSignal) => callApi(telegramContracts.getSettings, {}, { signal }),
  saveSettings: (body: TelegramSettingsPatch) => callApi(telegramContracts.updateSettings, { body }),
  test: () => callApi(telegramContracts.testSettings, {}),
  link: (signal?: AbortSignal) => callApi(telegramContracts.getLink, {}, { signal }),
  createCode: () => callApi(telegramContracts.createLinkCode, {}),
  unlink: () => callApi(telegramContracts.unlink, {}),
};
