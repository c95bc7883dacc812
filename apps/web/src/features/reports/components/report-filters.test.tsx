import type { ManagedAccount } from '@linedesk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test-support/render-page';
import { ReportFilters, type ReportSettings } from './report-filters';

// The reports page's account picker as a reseller opens it: every account of its tree (a
// sub-reseller's accounts too), each with its level and parent, searched on the server.

const account = (id: string, email: string, depth: number, owner: string): ManagedAccount => ({
  id,
  email,
  username: email,
  profile_username: email,
  full_name: '',
  notes: null,
  credits: 5,
  group_id: 2,
  group_name: 'Reseller',
  is_admin: false,
  owner_id: 'owner',
  banned: false,
  status: 'active',
  email_verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  last_sign_in_at: null,
  lines_count: 0,
  owner_email: owner,
  display_credits: 5,
  display_group_id: 2,
  depth,
});

const tree = [
  account('b', 'bottom@example.com', 2, 'middle@example.com'),
  account('m', 'middle@example.com', 1, 'shop@example.com'),
];

const settings: ReportSettings = {
  account: null,
  scope: 'subtree',
  unit: 'day',
  from: '2026-01-01',
  to: '2026-01-31',
  churnDays: '7',
};

describe('the report account picker', () => {
  it("offers the reseller's whole tree with each account's level and parent, and picks one", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { sent } = await renderPage(<ReportFilters value={settings} onChange={onChange} admin={false} />, {
      answers: {
        'GET /api/accounts': { body: { items: tree, total: 2, page: 1, page_size: 50 } },
      },
    });
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    const bottom = await screen.findByTestId('report-account-option-b');
    expect(bottom.textContent).toBe('bottom@example.comLevel 2 · under middle@example.com');
    expect(screen.getByTestId('report-account-option-m').textContent).toContain(
      'Level 1 · under shop@example.com',
    );
    const asked = sent.find((request) => request.path.startsWith('/api/accounts'));
    expect(asked?.path).toContain('subtree=true');

    await user.type(screen.getByRole('combobox', { name: 'Account' }), 'bott');
    await waitFor(() => expect(sent.some((request) => request.path.includes('search=bott'))).toBe(true));
    await user.click(screen.getByTestId('report-account-option-b'));
    expect(onChange).toHaveBeenCalledWith({ account: tree[0] });
  });
});
