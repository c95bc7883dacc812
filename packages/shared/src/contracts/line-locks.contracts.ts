import { defineContract } from '../contract.js';
import { lineLockStateSchema, lockBodySchema, planLockSchema } from '../line-lock.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['lines'];

export const getPlanLock = defineContract({
  method: 'GET',
  path: '/api/line-plans/:id/lock',
  access: 'admin',
  tags,
  summary: "A line plan's lock (admin): the countries and networks its lines may be used from",
  params: idParamsSchema,
  response: planLockSchema,
  errors: ['LINE_PLAN_NOT_FOUND'],
});

export const setPlanLock = defineContract({
  method: 'PUT',
  path: '/api/line-plans/:id/lock',
  access: 'admin',
  tags,
  summary: "Set or clear a line plan's lock (admin); lines without a lock of their own follow it",
  params: idParamsSchema,
  body: lockBodySchema,
  response: planLockSchema,
  errors: ['LINE_PLAN_NOT_FOUND'],
});

export const getLineLock = defineContract({
  method: 'GET',
  path: '/api/lines/:id/lock',
  access: { permission: 'view_users' },
  tags,
  summary: "A line's lock (its own, its plan's, the one in force) and the connections seen outside it",
  params: idParamsSchema,
  response: lineLockStateSchema,
  errors: ['LINE_NOT_FOUND'],
});

export const setLineLock = defineContract({
  method: 'PUT',
  path: '/api/lines/:id/lock',
  access: { permission: 'view_users' },
  tags,
  summary: "Set a line's own lock, or clear it (null) to follow its plan's",
  params: idParamsSchema,
  body: lockBodySchema,
  response: lineLockStateSchema,
  errors: ['LINE_NOT_FOUND'],
});
