import { reminderPreferenceSchema, reminderRunResultSchema, reminderSettingsSchema } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import {
  getReminderPreference,
  getReminderSettings,
  runExpiryRemindersNow,
  updateReminderPreference,
  updateReminderSettings,
} from './reminders.service.js';

export function registerReminderRoutes(app: App, ctx: AppContext): void {
  const tags = ['reminders'];
  app.get(
    '/api/reminders/settings',
    {
      schema: {
        tags,
        summary: 'How many days ahead owners are reminded',
        response: { 200: reminderSettingsSchema },
      },
    },
    async (request, reply) => getReminderSettings(ctx, await getActor(ctx, request, reply)),
  );
  app.put(
    '/api/reminders/settings',
    {
      schema: {
        tags,
        summary: 'Set the reminder window (admin)',
        body: reminderSettingsSchema,
        response: { 200: reminderSettingsSchema },
      },
    },
    async (request, reply) => updateReminderSettings(ctx, await getActor(ctx, request, reply), request.body),
  );
  app.get(
    '/api/reminders/preference',
    {
      schema: {
        tags,
        summary: 'Whether I get expiry reminders',
        response: { 200: reminderPreferenceSchema },
      },
    },
    async (request, reply) => getReminderPreference(ctx, await getActor(ctx, request, reply)),
  );
  app.put(
    '/api/reminders/preference',
    {
      schema: {
        tags,
        summary: 'Switch my expiry reminders on or off',
        body: reminderPreferenceSchema,
        response: { 200: reminderPreferenceSchema },
      },
    },
    async (request, reply) =>
      updateReminderPreference(ctx, await getActor(ctx, request, reply), request.body),
  );
  app.post(
    '/api/reminders/run',
    {
      schema: {
        tags,
        summary: 'Send due expiry reminders now (admin); the daily job does the same',
        response: { 200: reminderRunResultSchema },
      },
    },
    async (request, reply) => runExpiryRemindersNow(ctx, await getActor(ctx, request, reply)),
  );
}
