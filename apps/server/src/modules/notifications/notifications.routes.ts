import { notificationContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import {
  listNotificationFailures,
  retryNotificationDelivery,
  sendTestNotice,
} from './notification-deliveries.service.js';
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from './notification-preferences.service.js';
import { removeWebhook, rotateWebhookSecret, setWebhook, testWebhook } from './webhook-setup.service.js';

export function registerNotificationRoutes(app: App, ctx: AppContext): void {
  const c = notificationContracts;
  route(app, ctx, c.getPreferences, ({ actor }) => getNotificationPreferences(ctx, actor));
  route(app, ctx, c.updatePreferences, ({ actor, body }) => updateNotificationPreferences(ctx, actor, body));
  route(app, ctx, c.setWebhook, ({ actor, body }) => setWebhook(ctx, actor, body));
  route(app, ctx, c.removeWebhook, ({ actor }) => removeWebhook(ctx, actor));
  route(app, ctx, c.rotateWebhookSecret, ({ actor }) => rotateWebhookSecret(ctx, actor));
  route(app, ctx, c.testWebhook, ({ actor }) => testWebhook(ctx, actor));
  route(app, ctx, c.sendTest, ({ actor }) => sendTestNotice(ctx, actor));
  route(app, ctx, c.listDeliveries, ({ actor }) => listNotificationFailures(ctx, actor));
  route(app, ctx, c.retryDelivery, ({ actor, params }) => retryNotificationDelivery(ctx, actor, params.id));
}
