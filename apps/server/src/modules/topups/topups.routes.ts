import {
  IDEMPOTENT_REPLAYED_HEADER,
  createTopUpBodySchema,
  idempotencyHeadersSchema,
  listResponseSchema,
  rejectTopUpBodySchema,
  topUpListQuerySchema,
  topUpPendingCountSchema,
  topUpRequestSchema,
  idParamsSchema,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { idempotencyRequest } from '../credits/idempotency.js';
import { approveTopUp, countPendingTopUps, createTopUp, listTopUps, rejectTopUp } from './topups.service.js';

const idParams = idParamsSchema;

export function registerTopUpRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/topups',
    {
      schema: {
        tags: ['topups'],
        summary: 'Request a top-up: a credit package and the reference of the payment made',
        body: createTopUpBodySchema,
        response: { 201: topUpRequestSchema },
      },
    },
    async (request, reply) => {
      const created = await createTopUp(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(created);
    },
  );
  app.get(
    '/api/topups',
    {
      schema: {
        tags: ['topups'],
        summary: 'Top-up requests, newest first (mine; admins: all, ?status=&account_id=)',
        querystring: topUpListQuerySchema,
        response: { 200: listResponseSchema(topUpRequestSchema) },
      },
    },
    async (request, reply) => listTopUps(ctx, await getActor(ctx, request, reply), request.query),
  );
  app.get(
    '/api/topups/pending-count',
    {
      schema: {
        tags: ['topups'],
        summary: 'How many top-up requests wait for a decision (admin)',
        response: { 200: topUpPendingCountSchema },
      },
    },
    async (request, reply) => ({ count: await countPendingTopUps(ctx, await getActor(ctx, request, reply)) }),
  );
  app.post(
    '/api/topups/:id/approve',
    {
      schema: {
        tags: ['topups'],
        summary:
          'Approve a pending request (admin): the credits are added once, the requester is messaged. A second decision answers 409. Accepts an `Idempotency-Key` header.',
        params: idParams,
        headers: idempotencyHeadersSchema,
        response: { 200: topUpRequestSchema },
      },
    },
    async (request, reply) => {
      const { key, scope } = idempotencyRequest(request);
      const outcome = await approveTopUp(ctx, await getActor(ctx, request, reply), request.params.id, {
        idempotencyKey: key,
        scope,
      });
      if (outcome.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
  app.post(
    '/api/topups/:id/reject',
    {
      schema: {
        tags: ['topups'],
        summary: 'Reject a pending request with a reason (admin); the requester is messaged',
        params: idParams,
        body: rejectTopUpBodySchema,
        response: { 200: topUpRequestSchema },
      },
    },
    async (request, reply) =>
      rejectTopUp(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
}
