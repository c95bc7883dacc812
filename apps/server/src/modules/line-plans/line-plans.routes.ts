import {
  idParamsSchema,
  linePlanBodySchema,
  linePlanListQuerySchema,
  linePlanPatchSchema,
  linePlanSchema,
} from '@linedesk/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { createLinePlan, listLinePlans, updateLinePlan } from './line-plans.service.js';

export function registerLinePlanRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/line-plans',
    {
      schema: {
        tags: ['lines'],
        summary: 'Line plans a line can be sold on (admins may add ?include_archived=true)',
        querystring: linePlanListQuerySchema,
        response: { 200: z.object({ items: z.array(linePlanSchema) }) },
      },
    },
    async (request, reply) => ({
      items: await listLinePlans(ctx, await getActor(ctx, request, reply), request.query.include_archived),
    }),
  );
  app.post(
    '/api/line-plans',
    {
      schema: {
        tags: ['lines'],
        summary: 'Create a line plan (admin): prices per duration and restrictions',
        body: linePlanBodySchema,
        response: { 201: linePlanSchema },
      },
    },
    async (request, reply) => {
      const created = await createLinePlan(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(created);
    },
  );
  app.patch(
    '/api/line-plans/:id',
    {
      schema: {
        tags: ['lines'],
        summary: 'Edit or archive a line plan (admin); new restrictions reach its lines at once',
        params: idParamsSchema,
        body: linePlanPatchSchema,
        response: { 200: linePlanSchema },
      },
    },
    async (request, reply) =>
      updateLinePlan(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
}
