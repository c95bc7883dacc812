import { defineContract } from '../contract.js';
import { idParamsSchema } from '../schema-blocks.js';
import {
  adoptionBodySchema,
  adoptionPreviewSchema,
  adoptionReportSchema,
  unmanagedAccountListSchema,
} from '../line-adoption.js';

const tags = ['servers'];

/** What reading a server's agent can answer besides its accounts. */
const agentErrors = [
  'SERVER_NOT_FOUND',
  'SERVER_CONFIG_INCOMPLETE',
  'SERVER_CONNECTION_FAILED',
  'SERVER_AUTH_FAILED',
  'SERVER_API_NOT_RESPONDING',
  'ADOPTION_NOT_SUPPORTED',
] as const;

const choiceErrors = [
  ...agentErrors,
  'USER_NOT_FOUND',
  'LINE_PLAN_NOT_FOUND',
  'LINE_INVALID_DURATION',
  'LINE_PLAN_DURATION_NOT_OFFERED',
  'LINE_INVALID_EXPIRY_DATE',
  'LINE_PLAN_PROTOCOL_NOT_ALLOWED',
  'LINE_PLAN_GROUP_UNKNOWN',
  'LINE_PLAN_SERVICE_UNKNOWN',
] as const;

export const listUnmanaged = defineContract({
  method: 'GET',
  path: '/api/servers/:id/unmanaged-accounts',
  access: 'admin',
  tags,
  summary: "The server's accounts its agent does not manage (hand-written entries), for adoption (admin)",
  params: idParamsSchema,
  response: unmanagedAccountListSchema,
  errors: [...agentErrors],
});

export const preview = defineContract({
  method: 'POST',
  path: '/api/servers/:id/adoption/preview',
  access: 'admin',
  tags,
  summary: 'What adopting these accounts would do: per account adoptable or why not, and the cost (admin)',
  params: idParamsSchema,
  body: adoptionBodySchema,
  response: adoptionPreviewSchema,
  errors: [...choiceErrors],
});

export const adopt = defineContract({
  method: 'POST',
  path: '/api/servers/:id/adoption',
  access: 'admin',
  tags,
  summary:
    'Adopt accounts as lines of an owner with their login unchanged, charged or not; a report per account (admin)',
  params: idParamsSchema,
  body: adoptionBodySchema,
  response: adoptionReportSchema,
  errors: [...choiceErrors, 'INSUFFICIENT_CREDITS', 'CREDIT_LIMIT_EXCEEDED'],
});
