import {
  accountSchema,
  listQuerySchema,
  listResponseSchema,
  meSchema,
  messageResponseSchema,
  updateProfileBodySchema,
} from '@linedesk/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { endAccountSessions, getMe, listAccounts, updateAccount, updateMe } from './accounts.service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });
const accountPatchSchema = z.object({
  group_id: z.number().int().positive().optional(),
  banned: z.boolean().optional(),
  notes: z.string().max(5000).nullable().optional(),
});

export function registerAccountRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in account with its permissions',
        response: { 200: meSchema },
      },
    },
    async (request, reply) => getMe(ctx, await getActor(ctx, request, reply)),
  );

  app.patch(
    '/api/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Update my profile',
        body: updateProfileBodySchema,
        response: { 200: meSchema },
      },
    },
    async (request, reply) => updateMe(ctx, await getActor(ctx, request, reply), request.body),
  );

  app.get(
    '/api/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Accounts (admins: all; others: the accounts they own)',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(accountSchema) },
      },
    },
    async (request, reply) => listAccounts(ctx, await getActor(ctx, request, reply), request.query),
  );

  app.patch(
    '/api/accounts/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change group, ban or unban, notes (admin)',
        params: idParams,
        body: accountPatchSchema,
        response: { 200: accountSchema },
      },
    },
    async (request, reply) =>
      updateAccount(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );

  app.delete(
    '/api/accounts/:id/sessions',
    {
      schema: {
        tags: ['accounts'],
        summary: "End all of an account's sessions (admin)",
        params: idParams,
        response: { 200: messageResponseSchema.extend({ ended: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const ended = await endAccountSessions(ctx, await getActor(ctx, request, reply), request.params.id);
      return { message: `Ended ${ended} session(s)`, ended };
    },
  );
}
