import { Readable } from 'node:stream';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
  idParamsSchema,
  lineBulkBodySchema,
  lineBulkJobSchema,
  lineBulkPreviewSchema,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { idempotencyRequest } from '../credits/idempotency.js';
import { getLineBulk, lineBulkResultsCsv, previewLineBulk, startLineBulk } from './line-bulk.service.js';

const tags = ['lines'];
const bodyDescription =
  'Existing lines are chosen by `ids` or by `filter` (the list filters of GET /api/lines; `{}` = every line the caller sees): `renew` (with `subscription_months`), `enable`, `disable`, `delete`, `move` (admins, with `target_owner_id`). `create` makes `count` lines (at most 500) named `username_prefix` + 6 random characters with random passwords, for `subscription_months`, on `server_id` or the newest active server.';

export function registerLineBulkRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/lines/bulk/preview',
    {
      schema: {
        tags,
        summary: 'What a bulk action would touch and cost, before anything is charged',
        description: bodyDescription,
        body: lineBulkBodySchema,
        response: { 200: lineBulkPreviewSchema },
      },
    },
    async (request, reply) => previewLineBulk(ctx, await getActor(ctx, request, reply), request.body),
  );
  app.post(
    '/api/lines/bulk',
    {
      schema: {
        tags,
        summary:
          'Start a bulk action in the background; each line charged on its own, progress on the event stream (line_bulk_jobs)',
        description: `${bodyDescription} Refused (402 INSUFFICIENT_CREDITS) before anything starts when the balance does not cover every line. Lines the caller may not touch are refused one by one (LINE_NOT_FOUND). Accepts an \`Idempotency-Key\` header: a retry with the same key answers the first job and starts none.`,
        headers: idempotencyHeadersSchema,
        body: lineBulkBodySchema,
        response: { 202: lineBulkJobSchema },
      },
    },
    async (request, reply) => {
      const { job, replayed } = await startLineBulk(
        ctx,
        await getActor(ctx, request, reply),
        request.body,
        idempotencyRequest(request),
      );
      if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(202).send(job);
    },
  );
  app.get(
    '/api/lines/bulk/:id',
    {
      schema: {
        tags,
        summary: "A bulk action's progress and its first refused lines (the caller's own actions)",
        params: idParamsSchema,
        response: { 200: lineBulkJobSchema },
      },
    },
    async (request, reply) => getLineBulk(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.get(
    '/api/lines/bulk/:id/results.csv',
    {
      schema: {
        tags,
        summary:
          'Every line of a bulk action and its result (done, refused with code and reason); for a bulk create the credentials with their connection lines',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const rows = await lineBulkResultsCsv(ctx, await getActor(ctx, request, reply), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="line-bulk-${request.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(rows));
    },
  );
}
