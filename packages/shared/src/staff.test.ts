import { describe, expect, it } from 'vitest';
import { actsAsAdmin, staffMay } from './staff.js';

const plain = { is_admin: false, group_id: 3 };

describe('actsAsAdmin: what the web shows a staff member as an admin', () => {
  it('is the server rule (staffMay) for a staff member, everything for an admin, nothing for others', () => {
    const scoped = { ...plain, staff: { role: 'support' as const, scope_id: 'reseller-a' } };
    expect(actsAsAdmin(scoped, 'GET /api/tickets')).toBe(true);
    expect(actsAsAdmin(scoped, 'PATCH /api/tickets/:id')).toBe(true);
    // The panel's admins to assign to, and deleting a ticket: refused by the server, hidden here.
    expect(actsAsAdmin(scoped, 'GET /api/tickets/assignees')).toBe(false);
    expect(staffMay({ role: 'support', scopeId: 'reseller-a' }, 'GET /api/tickets/assignees')).toBe(false);
    expect(actsAsAdmin(scoped, 'DELETE /api/tickets/:id')).toBe(false);
    expect(
      actsAsAdmin({ ...plain, staff: { role: 'support', scope_id: null } }, 'GET /api/tickets/assignees'),
    ).toBe(true);
    expect(actsAsAdmin({ ...plain, staff: { role: 'billing', scope_id: null } }, 'GET /api/tickets')).toBe(
      false,
    );
    expect(actsAsAdmin({ is_admin: true, group_id: 1 }, 'DELETE /api/tickets/:id')).toBe(true);
    expect(actsAsAdmin({ ...plain, staff: null }, 'GET /api/tickets')).toBe(false);
  });
});
