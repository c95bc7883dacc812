import { staffOperationList, type Me, type StaffRole } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildNavData } from './nav-config';

// The entries' keys stand for their titles: what is shown is which entries there are.
const t = ((key: string) => key) as unknown as TFunction;

const plainAccount: Me = {
  id: 'staff-1',
  email: 'staff@example.com',
  username: 'staff',
  profile_username: 'staff',
  full_name: 'Staff Member',
  notes: null,
  credits: 0,
  group_id: 3,
  group_name: 'Users',
  is_admin: false,
  owner_id: null,
  banned: false,
  status: 'active',
  email_verified: true,
  created_at: '2026-11-01T10:00:00.000Z',
  last_sign_in_at: null,
  permissions: [],
  language: 'en',
  staff_operations: [],
};

/** A staff member as GET /api/me sends it: its operations are the server's rule's. */
function staffMember(role: StaffRole, scopeId: string | null): Me {
  return {
    ...plainAccount,
    staff: { role, scope_id: scopeId },
    staff_operations: staffOperationList({ role, scopeId }),
  };
}

function entries(account: Me): string[] {
  const walk = (items: { testId?: string; children?: unknown[] }[]): string[] =>
    items.flatMap((item) => [item.testId ?? '', ...walk((item.children ?? []) as typeof items)]);
  return buildNavData(account, t).flatMap((group) => walk(group.items));
}

describe("a staff member's navigation", () => {
  it('shows support the lines list, and no page of the admin its role does not open', () => {
    const shown = entries(staffMember('support', null));
    expect(shown).toEqual(
      expect.arrayContaining(['nav-lines', 'nav-linesAll', 'nav-tickets', 'nav-createMessage']),
    );
    for (const hidden of [
      'nav-linesAdd',
      'nav-linesImport',
      'nav-cccamServers',
      'nav-manageGroups',
      'nav-manageResellers',
      'nav-systemStatus',
    ]) {
      expect(shown).not.toContain(hidden);
    }
  });

  it('shows operations the servers it manages, not the agent test page', () => {
    const shown = entries(staffMember('operations', null));
    expect(shown).toEqual(
      expect.arrayContaining(['nav-cccamServers', 'nav-serversManage', 'nav-serversAdd', 'nav-serversCheck']),
    );
    expect(shown).not.toContain('nav-serversTestApi');
    expect(shown).not.toContain('nav-manageGroups');
  });

  it('a member scoped to one reseller sees no page of the panel as a whole', () => {
    const shown = entries(staffMember('operations', 'reseller-1'));
    expect(shown).not.toContain('nav-cccamServers');
    expect(entries(staffMember('support', 'reseller-1'))).not.toContain('nav-createMessage');
  });

  it('billing gets nothing of the admin beyond what every account sees', () => {
    expect(entries(staffMember('billing', null))).toEqual(entries(plainAccount));
  });
});
