import { z } from 'zod';
import { apiKeyCreateBodySchema, apiKeyCreatedSchema, apiKeySchema } from '../api-key.js';
import { defineContract } from '../contract.js';

const tags = ['api-keys'];

export const list = defineContract({
  method: 'GET',
  path: '/api/api-keys',
  access: 'browserSession',
  tags,
  summary: "The caller's API keys (the keys themselves are never shown again)",
  response: z.array(apiKeySchema),
  errors: ['API_KEY_SESSION_REQUIRED'],
});

export const create = defineContract({
  method: 'POST',
  path: '/api/api-keys',
  access: 'browserSession',
  tags,
  summary: 'Create an API key; `key` is in this response only',
  description:
    'Use it as `Authorization: Bearer <key>` on any endpoint: it acts as your account, with the same permissions and rows, and is rate limited per key.',
  body: apiKeyCreateBodySchema,
  status: 201,
  response: apiKeyCreatedSchema,
  errors: ['API_KEY_NAME_REQUIRED', 'API_KEY_EXPIRY_PAST', 'API_KEY_SESSION_REQUIRED'],
});

export const revoke = defineContract({
  method: 'DELETE',
  path: '/api/api-keys/:id',
  access: 'browserSession',
  tags,
  summary: 'Revoke an API key; it answers 401 from then on',
  params: z.object({ id: z.string().max(64) }),
  status: 204,
  response: null,
  errors: ['API_KEY_NOT_FOUND', 'API_KEY_SESSION_REQUIRED'],
});
