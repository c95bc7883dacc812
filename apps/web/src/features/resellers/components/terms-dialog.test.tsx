import type { ManagedAccount, Me, ResellerTerms } from '@linedesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test-support/render-page';
import { AccountContext } from '../../auth/hooks/account-context';
import { TermsDialog } from './terms-dialog';

// The allowed servers of a reseller in its Prices and limits dialog, as an admin sets them: the
// active servers to choose from, empty meaning every server, and what is saved with the limits.

const admin = {
  id: 'admin-1',
  email: 'admin@example.com',
  is_admin: true,
  group_id: 1,
  permissions: [],
} as unknown as Me;

const reseller = { id: 'reseller-1', email: 'shop@example.com' } as ManagedAccount;

const terms = (allowed: number[] | null): ResellerTerms => ({
  account_id: reseller.id,
  prices: [],
  limits: {
    max_lines: null,
    allowed_plan_ids: null,
    allowed_server_ids: allowed,
    trials_per_day: null,
    trial_min_balance: 0,
    sub_reseller_depth: null,
    sub_reseller_price: 0,
    credit_limit: 0,
  },
  lines: 0,
  floor: [],
});

async function open(allowed: number[] | null) {
  const view = await renderPage(
    <AccountContext value={admin}>
      <TermsDialog account={reseller} onClose={() => undefined} />
    </AccountContext>,
    {
      answers: {
        'GET /api/accounts/reseller-1/terms': { body: terms(allowed) },
        'GET /api/line-plans': { body: { items: [] } },
        'GET /api/servers/active': {
          body: {
            items: [
              { id: 3, server_name: 'Frankfurt 1', protocol: 'CCcam', backend: 'oscam' },
              { id: 4, server_name: 'Lisbon 2', protocol: 'CCcam', backend: 'oscam' },
            ],
          },
        },
        'PUT /api/accounts/reseller-1/limits': (body) => ({
          body: { ...terms(null), limits: body },
        }),
      },
    },
  );
  await screen.findByTestId('terms-save-limits');
  return view;
}

const servers = () => screen.getByRole('combobox', { name: 'Allowed servers' });

describe('the allowed servers of a reseller', () => {
  it('offers the active servers and saves the chosen ones with the limits', async () => {
    const user = userEvent.setup();
    const { sent } = await open(null);
    expect(servers().getAttribute('placeholder')).toBe('All');
    await user.click(servers());
    await user.click(await screen.findByRole('option', { name: 'Lisbon 2' }));
    await user.click(screen.getByTestId('terms-save-limits'));
    await screen.findByText('Limits saved');
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ allowed_server_ids: [4] });
  });

  it('shows the servers already allowed and saves none chosen as every server', async () => {
    const user = userEvent.setup();
    const { sent } = await open([3]);
    const field = screen.getByTestId('terms-allowed-servers');
    await waitFor(() => expect(within(field).getByText('Frankfurt 1')).toBeTruthy());
    await user.click(within(field).getByTestId('CancelIcon'));
    await user.click(screen.getByTestId('terms-save-limits'));
    await screen.findByText('Limits saved');
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ allowed_server_ids: null });
  });
});
