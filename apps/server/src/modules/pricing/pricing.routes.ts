import {
  creditPackageBodySchema,
  creditPackageListQuerySchema,
  creditPackagePatchSchema,
  creditPackageSchema,
  pricingSchema,
  idParamsSchema,
} from '@linedesk/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import {
  createCreditPackage,
  deleteCreditPackage,
  getPricing,
  listCreditPackages,
  updateCreditPackage,
} from './pricing.service.js';

const idParams = idParamsSchema;

export function registerPricingRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/pricing',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Line prices in credits by duration and the active credit packages',
        response: { 200: pricingSchema },
      },
    },
    async (request, reply) => getPricing(ctx, await getActor(ctx, request, reply)),
  );
  app.get(
    '/api/credit-packages',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Credit packages (active ones; admins may add ?include_inactive=true)',
        querystring: creditPackageListQuerySchema,
        response: { 200: z.object({ items: z.array(creditPackageSchema) }) },
      },
    },
    async (request, reply) => ({
      items: await listCreditPackages(
        ctx,
        await getActor(ctx, request, reply),
        request.query.include_inactive,
      ),
    }),
  );
  app.post(
    '/api/credit-packages',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Create a credit package (admin); price in cents',
        body: creditPackageBodySchema,
        response: { 201: creditPackageSchema },
      },
    },
    async (request, reply) => {
      const created = await createCreditPackage(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(created);
    },
  );
  app.patch(
    '/api/credit-packages/:id',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Edit a credit package (admin)',
        params: idParams,
        body: creditPackagePatchSchema,
        response: { 200: creditPackageSchema },
      },
    },
    async (request, reply) =>
      updateCreditPackage(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
  app.delete(
    '/api/credit-packages/:id',
    { schema: { tags: ['pricing'], summary: 'Delete a credit package (admin)', params: idParams } },
    async (request, reply) => {
      await deleteCreditPackage(ctx, await getActor(ctx, request, reply), request.params.id);
      return reply.status(204).send();
    },
  );
}
