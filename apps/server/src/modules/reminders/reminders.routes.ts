import { reminderContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { requestActivity } from '../../platform/request-activity.js';
import { route } from '../../platform/route.js';
import {
  getReminderPreference,
  getReminderSettings,
  runExpiryRemindersNow,
  updateReminderPreference,
  updateReminderSettings,
} from './reminders.service.js';

export function registerReminderRoutes(app: App, ctx: AppContext): void {
  const c = reminderContracts;
  route(app, ctx, c.getSettings, () => getReminderSettings(ctx));
  route(app, ctx, c.setSettings, ({ actor, body }) => updateReminderSettings(ctx, actor, body));
  route(app, ctx, c.getPreference, ({ actor }) => getReminderPreference(ctx, actor));
  route(app, ctx, c.setPreference, ({ actor, body }) => updateReminderPreference(ctx, actor, body));
  route(app, ctx, c.run, () => runExpiryRemindersNow(ctx, requestActivity(app.server)));
}
