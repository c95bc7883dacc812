import { groupBodySchema, groupPatchSchema, groupSchema, idParamsSchema } from '@linedesk/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { createGroup, deleteGroup, listGroups, updateGroup } from './groups.service.js';

const idParams = idParamsSchema;

export function registerGroupRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/groups',
    {
      schema: {
        tags: ['groups'],
        summary: 'Groups with their permissions (admin)',
        response: { 200: z.object({ items: z.array(groupSchema) }) },
      },
    },
    async (request, reply) => ({ items: await listGroups(ctx, await getActor(ctx, request, reply)) }),
  );
  app.post(
    '/api/groups',
    {
      schema: {
        tags: ['groups'],
        summary: 'Create a group (admin)',
        body: groupBodySchema,
        response: { 201: groupSchema },
      },
    },
    async (request, reply) => {
      const group = await createGroup(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(group);
    },
  );
  app.patch(
    '/api/groups/:id',
    {
      schema: {
        tags: ['groups'],
        summary: 'Edit a group (admin)',
        params: idParams,
        body: groupPatchSchema,
        response: { 200: groupSchema },
      },
    },
    async (request, reply) =>
      updateGroup(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
  app.delete(
    '/api/groups/:id',
    { schema: { tags: ['groups'], summary: 'Delete an empty group (admin)', params: idParams } },
    async (request, reply) => {
      await deleteGroup(ctx, await getActor(ctx, request, reply), request.params.id);
      return reply.status(204).send();
    },
  );
}
