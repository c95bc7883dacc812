import {
  idParamsSchema,
  lineConnectionsSchema,
  lineKickBodySchema,
  lineKickResultSchema,
  onlineByServerSchema,
  sharingSettingsBodySchema,
  sharingSettingsSchema,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import {
  getLineConnections,
  getOnlineByServer,
  getSharingSettings,
  kickLineConnection,
  updateSharingSettings,
} from './line-connections.service.js';

const tags = ['lines'];

export function registerLineConnectionRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/lines/:id/connections',
    {
      schema: {
        tags,
        summary: 'Who is connected to the line now, its sharing flag and the IP addresses it used',
        params: idParamsSchema,
        response: { 200: lineConnectionsSchema },
      },
    },
    async (request, reply) => getLineConnections(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.post(
    '/api/lines/:id/connections/kick',
    {
      schema: {
        tags,
        summary: 'End one connection of the line on its server (OSCam; the line stays enabled)',
        params: idParamsSchema,
        body: lineKickBodySchema,
        response: { 200: lineKickResultSchema },
      },
    },
    async (request, reply) =>
      kickLineConnection(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
  app.get(
    '/api/dashboard/online',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Lines online now per server (admins: every line; resellers: their own)',
        response: { 200: onlineByServerSchema },
      },
    },
    async (request, reply) => getOnlineByServer(ctx, await getActor(ctx, request, reply)),
  );
  app.get(
    '/api/sharing-settings',
    {
      schema: {
        tags,
        summary: 'Sharing detection settings (admin)',
        response: { 200: sharingSettingsSchema },
      },
    },
    async (request, reply) => getSharingSettings(ctx, await getActor(ctx, request, reply)),
  );
  app.put(
    '/api/sharing-settings',
    {
      schema: {
        tags,
        summary:
          'Change sharing detection (admin): alert on simultaneous IPs, on too many IPs in a window, and whether to suspend automatically',
        body: sharingSettingsBodySchema,
        response: { 200: sharingSettingsSchema },
      },
    },
    async (request, reply) => updateSharingSettings(ctx, await getActor(ctx, request, reply), request.body),
  );
}
