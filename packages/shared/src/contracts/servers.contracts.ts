import { z } from 'zod';
import { defineContract } from '../contract.js';
import { listResponseSchema } from '../list.js';
import { lineBulkJobSchema } from '../line-bulk.js';
import { idParamsSchema } from '../schema-blocks.js';
import {
  activeServerSchema,
  agentCallBodySchema,
  agentCallResultSchema,
  clientConfigSchema,
  serverCheckItemSchema,
  serverCreateBodySchema,
  serverListQuerySchema,
  serverPatchBodySchema,
  serverSchema,
  serverStandbyBodySchema,
  serverTestResultSchema,
} from '../server.js';

const tags = ['servers'];

export const list = defineContract({
  method: 'GET',
  path: '/api/servers',
  access: 'admin',
  tags,
  summary: 'Card-sharing servers (admin); passwords are never returned',
  query: serverListQuerySchema,
  response: listResponseSchema(serverSchema),
});

export const create = defineContract({
  method: 'POST',
  path: '/api/servers',
  access: 'admin',
  tags,
  summary:
    'Add a server (admin) and test it at once: active when its agent answers, else inactive with the reason',
  body: serverCreateBodySchema,
  status: 201,
  response: serverSchema,
  errors: [
    'MISSING_REQUIRED_FIELDS',
    'CCCAM_PORT_OUT_OF_RANGE',
    'PORT_OUT_OF_RANGE',
    'INVALID_HOST',
    'INVALID_HOSTNAME',
    'SERVER_NAME_EMPTY',
    'INVALID_DES_KEY',
    'SERVER_INVALID_GROUP_NAMES',
    'SERVER_INVALID_SERVICE_NAMES',
  ],
});

export const listActive = defineContract({
  method: 'GET',
  path: '/api/servers/active',
  access: 'signedIn',
  tags,
  summary: 'Active servers by id, name and protocol (signed in), newest (the default) first',
  response: z.object({ items: z.array(activeServerSchema) }),
});

export const checkAll = defineContract({
  method: 'POST',
  path: '/api/servers/check',
  access: 'admin',
  tags,
  summary: 'Test every server (admin); each result is also published on /api/events',
  response: z.object({ items: z.array(serverCheckItemSchema) }),
});

export const get = defineContract({
  method: 'GET',
  path: '/api/servers/:id',
  access: 'admin',
  tags,
  summary: 'One server (admin)',
  params: idParamsSchema,
  response: serverSchema,
  errors: ['SERVER_NOT_FOUND'],
});

export const update = defineContract({
  method: 'PATCH',
  path: '/api/servers/:id',
  access: 'admin',
  tags,
  summary: 'Edit a server (admin); an empty password keeps the stored one',
  params: idParamsSchema,
  body: serverPatchBodySchema,
  response: serverSchema,
  errors: [
    'SERVER_NOT_FOUND',
    'MISSING_REQUIRED_FIELDS',
    'CCCAM_PORT_OUT_OF_RANGE',
    'PORT_OUT_OF_RANGE',
    'INVALID_HOST',
    'INVALID_HOSTNAME',
    'SERVER_NAME_EMPTY',
    'INVALID_DES_KEY',
    'SERVER_INVALID_GROUP_NAMES',
    'SERVER_INVALID_SERVICE_NAMES',
  ],
});

export const remove = defineContract({
  method: 'DELETE',
  path: '/api/servers/:id',
  access: 'admin',
  tags,
  summary: 'Delete a server (admin)',
  params: idParamsSchema,
  status: 204,
  response: null,
  errors: ['SERVER_NOT_FOUND'],
});

export const test = defineContract({
  method: 'POST',
  path: '/api/servers/:id/test',
  access: 'admin',
  tags,
  summary: "Connection test: the agent's GET /health, then GET / with the login (admin)",
  params: idParamsSchema,
  response: serverTestResultSchema,
  errors: ['SERVER_NOT_FOUND'],
});

export const callAgent = defineContract({
  method: 'POST',
  path: '/api/servers/:id/agent-call',
  access: 'admin',
  tags,
  summary: "Diagnostics: one raw call to the server's line agent (admin)",
  params: idParamsSchema,
  body: agentCallBodySchema,
  response: agentCallResultSchema,
  errors: ['SERVER_NOT_FOUND', 'SERVER_CONFIG_INCOMPLETE'],
});

export const clientConfig = defineContract({
  method: 'GET',
  path: '/api/config',
  access: 'signedIn',
  tags,
  summary: "The default active server's host_ip and api_port (the spec's /api/config.php)",
  response: clientConfigSchema,
  errors: ['NO_ACTIVE_SERVERS'],
});

/** The spec's own address of `clientConfig`, which outside tools written for the old panel ask. */
export const clientConfigPhp = defineContract({
  method: 'GET',
  path: '/api/config.php',
  access: 'signedIn',
  tags,
  summary: "The spec's address of GET /api/config: the same answer",
  response: clientConfigSchema,
  errors: ['NO_ACTIVE_SERVERS'],
});

export const setStandby = defineContract({
  method: 'PUT',
  path: '/api/servers/:id/standby',
  access: 'admin',
  tags,
  summary:
    "Give a server a standby, or take it away (admin): the standby is filled with the server's lines, and emptied of them when taken away, through the line outbox",
  description:
    "`standby_id` null removes the standby. A standby has the server's protocol and agent file (and for NewCamd its DES key), no lines of its own, no standby of its own, and serves one primary; every line of the primary gets the standby's address as a second connection line.",
  params: idParamsSchema,
  body: serverStandbyBodySchema,
  response: serverSchema,
  errors: [
    'SERVER_NOT_FOUND',
    'SERVER_STANDBY_SELF',
    'SERVER_STANDBY_PROTOCOL_MISMATCH',
    'SERVER_STANDBY_FILE_MISMATCH',
    'SERVER_STANDBY_DES_KEY_MISMATCH',
    'SERVER_STANDBY_IS_PRIMARY',
    'SERVER_STANDBY_TAKEN',
    'SERVER_IS_STANDBY',
    'SERVER_STANDBY_HAS_LINES',
  ],
});

export const promoteStandby = defineContract({
  method: 'POST',
  path: '/api/servers/:id/promote-standby',
  access: 'admin',
  tags,
  summary:
    "Make a server's standby its primary (admin): its lines move onto the standby as a server move does (a bulk action), and the standby stops being one",
  params: idParamsSchema,
  status: 202,
  response: lineBulkJobSchema,
  errors: [
    'SERVER_NOT_FOUND',
    'SERVER_NO_STANDBY',
    'LINE_MOVE_TARGET_INACTIVE',
    'LINE_MOVE_PROTOCOL_MISMATCH',
    'LINE_MOVE_FILE_MISMATCH',
    'LINE_BULK_NOTHING_SELECTED',
    'LINE_BULK_NOT_FOUND',
  ],
});
