import {
  IDEMPOTENT_REPLAYED_HEADER,
  createRedeemCodesBodySchema,
  createdRedeemCodesSchema,
  idempotencyHeadersSchema,
  listResponseSchema,
  redeemBodySchema,
  redeemCodeListQuerySchema,
  redeemCodePatchSchema,
  redeemCodeSchema,
  redeemHistoryEntrySchema,
  redeemHistoryQuerySchema,
  redeemResultSchema,
  idParamsSchema,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { idempotencyRequest } from '../credits/idempotency.js';
import {
  createRedeemCodes,
  deleteRedeemCode,
  listRedeemCodes,
  listRedeemHistory,
  redeemCode,
  updateRedeemCode,
} from './redeem.service.js';

const idParams = idParamsSchema;

export function registerRedeemRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/redeem-codes',
    {
      schema: {
        tags: ['redeem'],
        summary: 'Redeem codes with times_used (admin); codes themselves are never listed',
        querystring: redeemCodeListQuerySchema,
        response: { 200: listResponseSchema(redeemCodeSchema) },
      },
    },
    async (request, reply) => listRedeemCodes(ctx, await getActor(ctx, request, reply), request.query),
  );
  app.post(
    '/api/redeem-codes',
    {
      schema: {
        tags: ['redeem'],
        summary: 'Create one code or a batch (admin); the answer is the only time the codes are shown',
        body: createRedeemCodesBodySchema,
        response: { 201: createdRedeemCodesSchema },
      },
    },
    async (request, reply) => {
      const items = await createRedeemCodes(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send({ items });
    },
  );
  app.patch(
    '/api/redeem-codes/:id',
    {
      schema: {
        tags: ['redeem'],
        summary: 'Deactivate, reactivate, describe or change the expiry of a code (admin)',
        params: idParams,
        body: redeemCodePatchSchema,
        response: { 200: redeemCodeSchema },
      },
    },
    async (request, reply) =>
      updateRedeemCode(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
  app.delete(
    '/api/redeem-codes/:id',
    { schema: { tags: ['redeem'], summary: 'Delete a code (admin); its history stays', params: idParams } },
    async (request, reply) => {
      await deleteRedeemCode(ctx, await getActor(ctx, request, reply), request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/redeem',
    {
      schema: {
        tags: ['redeem'],
        summary:
          "Redeem a code for the signed-in account. Refusals: 'Invalid or expired code', 'Code already redeemed by this user', 'User not found'; more than 10 failures in an hour → 429. Accepts an `Idempotency-Key` header.",
        headers: idempotencyHeadersSchema,
        body: redeemBodySchema,
        response: { 200: redeemResultSchema },
      },
    },
    async (request, reply) => {
      const { key, scope } = idempotencyRequest(request);
      const outcome = await redeemCode(ctx, await getActor(ctx, request, reply), request.body, {
        idempotencyKey: key,
        scope,
      });
      if (outcome.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(outcome.status as 200).send(outcome.body);
    },
  );
  app.get(
    '/api/redeem-history',
    {
      schema: {
        tags: ['redeem'],
        summary: 'My redemption attempts (admins: everyone, or ?user_id=)',
        querystring: redeemHistoryQuerySchema,
        response: { 200: listResponseSchema(redeemHistoryEntrySchema) },
      },
    },
    async (request, reply) => listRedeemHistory(ctx, await getActor(ctx, request, reply), request.query),
  );
}
