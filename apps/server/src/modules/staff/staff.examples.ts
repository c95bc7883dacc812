import type { StaffBody } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

/** A support member for one reseller's subtree: the account and the reseller of the other examples. */
const SUPPORT_ID = 'c0a8012e-7f3b-4d2a-9b61-5e8f2d4c1a07';
const RESELLER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const body: StaffBody = { role: 'support', scope_id: RESELLER_ID };

export const staffExamples: RouteExamples = {
  'PUT /api/accounts/:id/staff': {
    params: { id: SUPPORT_ID },
    body,
    response: { staff: { role: 'support', scope_id: RESELLER_ID } },
    errors: ['STAFF_SCOPE_NOT_FOUND', 'STAFF_NOT_FOR_ADMIN'],
  },
};
