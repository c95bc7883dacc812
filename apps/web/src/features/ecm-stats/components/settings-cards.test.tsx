import type { Me } from '@linedesk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test-support/render-page';
import { AccountContext } from '../../auth/hooks/account-context';
import { EcmSettingsCard } from './ecm-settings-card';
import { LoadAlertSettingsCard } from './load-alert-settings-card';

// The panel settings' ECM and load alert cards, as an admin edits them: the settings read, save
// possible once a value changed, refused while a value is wrong, and what is sent.

const admin = {
  id: 'admin-1',
  email: 'admin@example.com',
  is_admin: true,
  group_id: 1,
  permissions: [],
} as unknown as Me;

const ecm = {
  minute_retention_hours: 48,
  hour_retention_days: 14,
  day_retention_days: 400,
  churn_idle_days: 7,
  churn_horizon_days: 14,
  outage_answer_rate_percent: 50,
  outage_minutes: 5,
  outage_compensate: false,
};
const load = { cpu_percent: 90, memory_percent: 90, disk_percent: 90, clients: null, for_minutes: 5 };

describe('the ECM settings card', () => {
  it('saves a changed retention and refuses a value that is not a number of hours', async () => {
    const user = userEvent.setup();
    const { sent } = await renderPage(
      <AccountContext value={admin}>
        <EcmSettingsCard />
      </AccountContext>,
      {
        answers: {
          'GET /api/ecm-settings': { body: ecm },
          'PUT /api/ecm-settings': (body) => ({ body: { ...ecm, ...(body as object) } }),
        },
      },
    );
    const field = await screen.findByTestId('ecm-setting-minute_retention_hours');
    const save = screen.getByTestId('ecm-settings-save');
    expect(save).toHaveProperty('disabled', true);
    await user.clear(field);
    expect(await screen.findByTestId('ecm-settings-invalid')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    await user.type(field, '24');
    await waitFor(() => expect(screen.queryByTestId('ecm-settings-invalid')).toBeNull());
    await user.click(save);
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ ...ecm, minute_retention_hours: 24 });
  });
});

describe('the load alert settings card', () => {
  it('saves a new client threshold and refuses to save without the minutes', async () => {
    const user = userEvent.setup();
    const { sent } = await renderPage(
      <AccountContext value={admin}>
        <LoadAlertSettingsCard />
      </AccountContext>,
      {
        answers: {
          'GET /api/load-alert-settings': { body: load },
          'PUT /api/load-alert-settings': (body) => ({ body: { ...load, ...(body as object) } }),
        },
      },
    );
    const minutes = await screen.findByTestId('load-setting-for_minutes');
    const save = screen.getByTestId('load-settings-save');
    expect(save).toHaveProperty('disabled', true);
    await user.type(screen.getByTestId('load-setting-clients'), '500');
    await user.clear(minutes);
    expect(await screen.findByTestId('load-settings-invalid')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    await user.type(minutes, '5');
    await waitFor(() => expect(screen.queryByTestId('load-settings-invalid')).toBeNull());
    await user.click(save);
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT')).toBe(true));
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ ...load, clients: 500 });
  });
});
