import { z } from 'zod';
import { defineContract } from '../contract.js';
import {
  linePlanBodySchema,
  linePlanListQuerySchema,
  linePlanPatchSchema,
  linePlanSchema,
} from '../line-plan.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['lines'];

export const list = defineContract({
  method: 'GET',
  path: '/api/line-plans',
  access: { permission: 'view_users' },
  tags,
  summary: 'Line plans a line can be sold on (admins may add ?include_archived=true)',
  query: linePlanListQuerySchema,
  response: z.object({ items: z.array(linePlanSchema) }),
});

export const create = defineContract({
  method: 'POST',
  path: '/api/line-plans',
  access: 'admin',
  tags,
  summary: 'Create a line plan (admin): prices per duration and restrictions',
  body: linePlanBodySchema,
  status: 201,
  response: linePlanSchema,
  errors: [
    'LINE_PLAN_INVALID_PRICES',
    'LINE_PLAN_INVALID_CAID',
    'LINE_INVALID_DURATION',
    'LINE_PLAN_INVALID_GROUP',
    'LINE_PLAN_INVALID_SERVICE',
    'LINE_PLAN_INVALID_TIMEFRAME',
    'LINE_PLAN_INVALID_AU',
    'LINE_PLAN_INVALID_SHARING_STEPS',
    'LINE_PLAN_GROUP_UNNAMED',
  ],
});

export const update = defineContract({
  method: 'PATCH',
  path: '/api/line-plans/:id',
  access: 'admin',
  tags,
  summary: 'Edit or archive a line plan (admin); new restrictions reach its lines at once',
  params: idParamsSchema,
  body: linePlanPatchSchema,
  response: linePlanSchema,
  errors: [
    'LINE_PLAN_NOT_FOUND',
    'LINE_PLAN_DEFAULT_FIXED',
    'LINE_PLAN_INVALID_PRICES',
    'LINE_PLAN_INVALID_CAID',
    'LINE_INVALID_DURATION',
    'LINE_PLAN_INVALID_GROUP',
    'LINE_PLAN_INVALID_SERVICE',
    'LINE_PLAN_INVALID_TIMEFRAME',
    'LINE_PLAN_INVALID_AU',
    'LINE_PLAN_INVALID_SHARING_STEPS',
    'LINE_PLAN_GROUP_UNNAMED',
    'LINE_PLAN_GROUP_UNKNOWN',
    'LINE_PLAN_SERVICE_UNKNOWN',
  ],
});
