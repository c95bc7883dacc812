import {
  activeServerSchema,
  agentCallBodySchema,
  agentCallResultSchema,
  clientConfigSchema,
  listResponseSchema,
  serverCheckItemSchema,
  serverCreateBodySchema,
  serverListQuerySchema,
  serverPatchBodySchema,
  serverSchema,
  serverTestResultSchema,
  idParamsSchema,
} from '@linedesk/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import {
  callServerAgent,
  checkAllServers,
  createServer,
  deleteServer,
  getClientConfig,
  getServer,
  listActiveServers,
  listServers,
  testServer,
  updateServer,
} from './servers.service.js';

const idParams = idParamsSchema;
const tags = ['servers'];

export function registerServerRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/servers',
    {
      schema: {
        tags,
        summary: 'Card-sharing servers (admin); passwords are never returned',
        querystring: serverListQuerySchema,
        response: { 200: listResponseSchema(serverSchema) },
      },
    },
    async (request, reply) => listServers(ctx, await getActor(ctx, request, reply), request.query),
  );
  app.post(
    '/api/servers',
    {
      schema: {
        tags,
        summary: 'Add a server (admin); it starts inactive until a connection test succeeds',
        body: serverCreateBodySchema,
        response: { 201: serverSchema },
      },
    },
    async (request, reply) => {
      const server = await createServer(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(server);
    },
  );
  app.get(
    '/api/servers/active',
    {
      schema: {
        tags,
        summary: 'Active servers by id, name and protocol (signed in), newest (the default) first',
        response: { 200: z.object({ items: z.array(activeServerSchema) }) },
      },
    },
    async (request, reply) => ({ items: await listActiveServers(ctx, await getActor(ctx, request, reply)) }),
  );
  app.post(
    '/api/servers/check',
    {
      schema: {
        tags,
        summary: 'Test every server (admin); each result is also published on /api/events',
        response: { 200: z.object({ items: z.array(serverCheckItemSchema) }) },
      },
    },
    async (request, reply) => ({ items: await checkAllServers(ctx, await getActor(ctx, request, reply)) }),
  );
  app.get(
    '/api/servers/:id',
    {
      schema: { tags, summary: 'One server (admin)', params: idParams, response: { 200: serverSchema } },
    },
    async (request, reply) => getServer(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.patch(
    '/api/servers/:id',
    {
      schema: {
        tags,
        summary: 'Edit a server (admin); an empty password keeps the stored one',
        params: idParams,
        body: serverPatchBodySchema,
        response: { 200: serverSchema },
      },
    },
    async (request, reply) =>
      updateServer(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
  app.delete(
    '/api/servers/:id',
    { schema: { tags, summary: 'Delete a server (admin)', params: idParams } },
    async (request, reply) => {
      await deleteServer(ctx, await getActor(ctx, request, reply), request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/servers/:id/test',
    {
      schema: {
        tags,
        summary: "Connection test: the agent's GET /health, then GET / with the login (admin)",
        params: idParams,
        response: { 200: serverTestResultSchema },
      },
    },
    async (request, reply) => testServer(ctx, await getActor(ctx, request, reply), request.params.id),
  );
  app.post(
    '/api/servers/:id/agent-call',
    {
      schema: {
        tags,
        summary: "Diagnostics: one raw call to the server's line agent (admin)",
        params: idParams,
        body: agentCallBodySchema,
        response: { 200: agentCallResultSchema },
      },
    },
    async (request, reply) =>
      callServerAgent(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );
  app.get(
    '/api/config',
    {
      schema: {
        tags,
        summary: "The default active server's host_ip and api_port (the spec's /api/config.php)",
        response: { 200: clientConfigSchema },
      },
    },
    async (request, reply) => getClientConfig(ctx, await getActor(ctx, request, reply)),
  );
}
