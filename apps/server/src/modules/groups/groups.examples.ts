import { permissions, type Group, type GroupBody, type GroupPatch } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const CREATED_AT = '2026-08-14T07:30:00.000Z';

const fixed: Group[] = [
  {
    id: 1,
    name: 'Admin',
    description: 'Administrators: every permission',
    permissions: [...permissions],
    created_at: CREATED_AT,
    member_count: 2,
    fixed: true,
  },
  {
    id: 2,
    name: 'Resellers',
    description: 'Resellers: sell lines for credits',
    permissions: ['view_users', 'add_credits'],
    created_at: CREATED_AT,
    member_count: 41,
    fixed: true,
  },
  {
    id: 3,
    name: 'Users',
    description: 'Signed-up users without permissions',
    permissions: [],
    created_at: CREATED_AT,
    member_count: 128,
    fixed: true,
  },
];

const createBody: GroupBody = {
  name: 'Support',
  description: 'Helpdesk staff: read-only view of accounts and resellers',
  permissions: ['view_users', 'view_resellers'],
};

const support: Group = {
  id: 4,
  name: 'Support',
  description: 'Helpdesk staff: read-only view of accounts and resellers',
  permissions: ['view_users', 'view_resellers'],
  created_at: '2026-11-22T09:14:03.512Z',
  member_count: 0,
  fixed: false,
};

const patch: GroupPatch = { permissions: ['view_users', 'view_groups', 'view_resellers'] };

export const groupExamples: RouteExamples = {
  // Answered to admins and to holders of view_groups; anyone else gets ADMIN_ONLY.
  'GET /api/groups': {
    response: { items: [...fixed, { ...support, member_count: 3 }] },
  },
  'POST /api/groups': {
    body: createBody,
    response: support,
  },
  'PATCH /api/groups/:id': {
    params: { id: 4 },
    body: patch,
    response: { ...support, permissions: patch.permissions ?? [], member_count: 3 },
  },
  // 204 on success; only a group without members can go.
  'DELETE /api/groups/:id': {
    noContent: true,
    params: { id: 4 },
  },
};
