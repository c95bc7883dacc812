import { telegramContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { createTelegramLinkCode, getTelegramLink, unlinkTelegram } from './telegram-link.service.js';
import {
  getTelegramSettings,
  testTelegramSettings,
  updateTelegramSettings,
} from './telegram-settings.service.js';

export function registerTelegramRoutes(app: App, ctx: AppContext): void {
  const c = telegramContracts;
  route(app, ctx, c.getSettings, ({ actor }) => getTelegramSettings(ctx, actor));
  route(app, ctx, c.updateSettings, ({ actor, body }) => updateTelegramSettings(ctx, actor, body));
  route(app, ctx, c.testSettings, ({ actor }) => testTelegramSettings(ctx, actor));
  route(app, ctx, c.getLink, ({ actor }) => getTelegramLink(ctx, actor));
  route(app, ctx, c.createLinkCode, ({ actor }) => createTelegramLinkCode(ctx, actor));
  route(app, ctx, c.unlink, ({ actor }) => unlinkTelegram(ctx, actor));
}
