import { Readable } from 'node:stream';
import {
  lineCreateBodySchema,
  lineDeleteResultSchema,
  lineEventSchema,
  lineListQuerySchema,
  linePatchBodySchema,
  lineReconcileResultSchema,
  lineRenewBodySchema,
  lineSchema,
  lineSettingsBodySchema,
  lineSettingsSchema,
  lineWriteResultSchema,
  cappedListResponseSchema,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
  idParamsSchema,
} from '@linedesk/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { idempotencyRequest } from '../credits/idempotency.js';
import {
  createLine,
  deleteLine,
  exportLinesCsv,
  getLine,
  getLineSettings,
  listLineEvents,
  listLines,
  reconcileServerLines,
  renewLine,
  syncLine,
  updateLine,
  updateLineSettings,
} from './lines.service.js';

const idParams = idParamsSchema;
const tags = ['lines'];

export function registerLineRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/lines',
    {
      schema: {
        tags,
        summary: 'Lines, paged (admins: all; resellers: their own)',
        querystring: lineListQuerySchema,
        response: { 200: cappedListResponseSchema(lineSchema) },
      },
    },
    async (request, reply) => listLines(ctx, await getActor(ctx, request, reply), request.query),
  );
  app.get(
    '/api/lines/export.csv',
    {
      schema: {
        tags,
        summary: "CSV of the list's current filter and order (paging ignored); dates DD-MM-YYYY",
        querystring: lineListQuerySchema,
      },
    },
    async (request, reply) => {
      const rows = await exportLinesCsv(ctx, await getActor(ctx, request, reply), request.query);
      const name = `lines-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(rows));
    },
  );
  app.post(
    '/api/lines',
    {
      schema: {
        tags,
        summary:
          'Create a line: charged at the spec price (admins and trials free); the server is told after the commit',
        description:
          'Accepts an `Idempotency-Key` header: a retry with the same key and body returns the first result and creates nothing; the same key with another body answers 422 IDEMPOTENCY_KEY_REUSED.',
        headers: idempotencyHeadersSchema,
        body: lineCreateBodySchema,
        response: { 201: lineWriteResultSchema },
      },
    },
    async (request, reply) => {
      const { replayed, ...result } = await createLine(
        ctx,
        await getActor(ctx, request, reply),
        request.body,
        idempotencyRequest(request),
      );
      if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(201).send(result);
    },
  );
  app.get(
    '/api/lines/:id',
    { schema: { tags, summary: 'One line', params: idParams, response: { 200: lineSchema } } },
    async (request, reply) => getLine(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.patch(
    '/api/lines/:id',
    {
      schema: {
        tags,
        summary: 'Edit a line (expiry_date: admins only); enabled false suspends it',
        params: idParams,
        body: linePatchBodySchema,
        response: { 200: lineWriteResultSchema },
      },
    },
    async (request, reply) =>
      updateLine(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
  app.delete(
    '/api/lines/:id',
    {
      schema: {
        tags,
        summary: 'Delete a line: the server is told first, the line is deleted whatever it answers',
        params: idParams,
        response: { 200: lineDeleteResultSchema },
      },
    },
    async (request, reply) => deleteLine(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.post(
    '/api/lines/:id/renew',
    {
      schema: {
        tags,
        summary: 'Renew: months added to the expiry (or to today once expired), charged at the spec price',
        description:
          'Accepts an `Idempotency-Key` header: a retry with the same key returns the first result and charges nothing.',
        headers: idempotencyHeadersSchema,
        params: idParams,
        body: lineRenewBodySchema,
        response: { 200: lineWriteResultSchema },
      },
    },
    async (request, reply) => {
      const { replayed, ...result } = await renewLine(
        ctx,
        await getActor(ctx, request, reply),
        request.params.id,
        request.body,
        idempotencyRequest(request),
      );
      if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return result;
    },
  );
  app.post(
    '/api/lines/:id/sync',
    {
      schema: {
        tags,
        summary: "Deliver the line's current state to its server now",
        params: idParams,
        response: { 200: lineWriteResultSchema },
      },
    },
    async (request, reply) => syncLine(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.get(
    '/api/lines/:id/events',
    {
      schema: {
        tags,
        summary: "The line's history, newest first",
        params: idParams,
        response: { 200: z.object({ items: z.array(lineEventSchema) }) },
      },
    },
    async (request, reply) => listLineEvents(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.get(
    '/api/line-settings',
    {
      schema: {
        tags,
        summary:
          "Line settings: the trial length in days and the daily trial limit, with the caller's trial lines left today (resellers and admins)",
        response: { 200: lineSettingsSchema },
      },
    },
    async (request, reply) => getLineSettings(ctx, await getActor(ctx, request, reply)),
  );
  app.put(
    '/api/line-settings',
    {
      schema: {
        tags,
        summary:
          'Change the line settings (admin): trial length and/or trial lines per reseller per day (0 = none)',
        body: lineSettingsBodySchema,
        response: { 200: lineSettingsSchema },
      },
    },
    async (request, reply) => updateLineSettings(ctx, await getActor(ctx, request, reply), request.body),
  );
  app.post(
    '/api/servers/:id/reconcile',
    {
      schema: {
        tags: ['lines', 'servers'],
        summary: "Compare the server's users with the panel's lines and repair the differences (admin)",
        params: idParams,
        response: { 200: lineReconcileResultSchema },
      },
    },
    async (request, reply) =>
      reconcileServerLines(ctx, await getActor(ctx, request, reply), request.params.id),
  );
}
