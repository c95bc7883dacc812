import { z } from 'zod';
import { defineContract } from '../contract.js';
import { groupBodySchema, groupPatchSchema, groupSchema } from '../group.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['groups'];

/** Signed in: the service lets admins and holders of view_groups read, refusing others as ADMIN_ONLY. */
export const list = defineContract({
  method: 'GET',
  path: '/api/groups',
  access: 'signedIn',
  tags,
  summary: 'Groups with their permissions (admin)',
  response: z.object({ items: z.array(groupSchema) }),
  errors: ['ADMIN_ONLY'],
});

export const create = defineContract({
  method: 'POST',
  path: '/api/groups',
  access: 'admin',
  tags,
  summary: 'Create a group (admin)',
  body: groupBodySchema,
  status: 201,
  response: groupSchema,
  errors: ['ADMIN_ONLY', 'GROUP_NAME_TAKEN'],
});

export const update = defineContract({
  method: 'PATCH',
  path: '/api/groups/:id',
  access: 'admin',
  tags,
  summary: 'Edit a group (admin)',
  params: idParamsSchema,
  body: groupPatchSchema,
  response: groupSchema,
  errors: ['ADMIN_ONLY', 'GROUP_NOT_FOUND', 'GROUP_FIXED', 'GROUP_NAME_TAKEN'],
});

export const remove = defineContract({
  method: 'DELETE',
  path: '/api/groups/:id',
  access: 'admin',
  tags,
  summary: 'Delete an empty group (admin)',
  params: idParamsSchema,
  status: 204,
  response: null,
  errors: ['ADMIN_ONLY', 'GROUP_NOT_FOUND', 'GROUP_HAS_USERS', 'GROUP_FIXED'],
});
