import type { RouteExamples } from '../../platform/openapi-examples.js';

const settings = {
  enabled: true,
  token_set: true,
  api_root: 'https://api.telegram.org',
  bot_username: 'linedesk_panel_bot',
};

export const telegramExamples: RouteExamples = {
  'GET /api/telegram/settings': { response: settings },
  'PATCH /api/telegram/settings': {
    body: { token: '123456789:AAEhBOweik9ai2o4dDWe0QpmdPNdL2LNdKk', enabled: true },
    response: settings,
  },
  'POST /api/telegram/settings/test': { response: { bot_username: 'linedesk_panel_bot' } },
  'GET /api/telegram/link': {
    response: {
      available: true,
      linked: true,
      linked_at: '2026-03-02T09:15:00.000Z',
      chat_name: '@shop_owner',
      bot_username: 'linedesk_panel_bot',
    },
  },
  'DELETE /api/telegram/link': { noContent: true },
  'POST /api/telegram/link-code': {
    response: {
      code: 'q3J5c2Vjb2RlMTIz',
      command: '/start q3J5c2Vjb2RlMTIz',
      deep_link: 'https://t.me/linedesk_panel_bot?start=q3J5c2Vjb2RlMTIz',
      expires_at: '2026-03-02T09:25:00.000Z',
    },
  },
};
