import { addDays, addMonths, isoDate, toDisplayDate, type LinePlan, type Me } from '@linedesk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, type Answers } from '../../../test-support/render-page';
import { AccountContext } from '../../auth/hooks/account-context';
import { AddLinePage } from './add-line-page';

// The create-line form as a reseller with 8 credits fills it, on a plan of 3, 5 and 12 credits: the
// price of each duration and the balance left, the expiry it will have, a trial, what is missing, and
// the server's refusal of a taken name next to the field. The server is a table of answers
// (render-page.tsx).

const today = isoDate(new Date());

const reseller: Me = {
  id: 'reseller-1',
  email: 'shop@example.com',
  username: 'shop',
  profile_username: 'shop',
  full_name: 'Shop',
  notes: null,
  credits: 8,
  group_id: 2,
  group_name: 'Reseller',
  is_admin: false,
  owner_id: null,
  banned: false,
  status: 'active',
  email_verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  last_sign_in_at: null,
  permissions: [],
  language: 'en',
};

const standard: LinePlan = {
  id: 1,
  name: 'Standard',
  // Not the spec's default prices, so the figures below can only come from this plan.
  prices: [
    { months: 1, credits: 3 },
    { months: 3, credits: 5 },
    { months: 6, credits: 12 },
  ],
  restrictions: {
    max_connections: null,
    uniq: null,
    caids: [],
    cccam_hops: null,
    cccam_reshare: null,
    allowed_protocols: [],
    groups: null,
    services: [],
    allowed_timeframe: null,
    au: null,
  },
  packages: [],
  sharing_steps: [],
  is_default: true,
  archived: false,
  line_count: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const answers: Answers = {
  'GET /api/servers/active': {
    body: { items: [{ id: 3, server_name: 'Frankfurt 1', protocol: 'CCcam', backend: 'oscam' }] },
  },
  'GET /api/line-plans': { body: { items: [standard] } },
  'GET /api/line-settings': {
    body: {
      trial_days: 3,
      trial_lines_per_day: 5,
      trial_lines_left_today: 2,
      business_time_zone: 'UTC',
      freezes_per_year: 2,
      freeze_max_days: 30,
      ended_line_action: 'off',
      ended_line_days: 30,
    },
  },
};

async function renderForm(extra: Answers = {}) {
  const view = await renderPage(
    <AccountContext value={reseller}>
      <AddLinePage />
    </AccountContext>,
    { answers: { ...answers, ...extra } },
  );
  // The plan's durations (only its own) and the settings have arrived.
  await waitFor(() => expect(screen.queryByTestId('duration-option-12')).toBeNull());
  await screen.findByTestId('duration-option-6');
  await waitFor(() => expect(screen.getByTestId('trial-length').textContent).toContain('3 days'));
  return view;
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('the create-line form', () => {
  it("shows each duration's price, the balance left after it and the line's expiry date", async () => {
    const user = userEvent.setup();
    await renderForm();
    expect(text('duration-option-3')).toContain('5 credits');
    // One month by default.
    expect(text('price-value')).toBe('3 credits');
    expect(text('price-balance')).toBe('8');
    expect(text('price-balance-after')).toBe('5');
    expect(text('summary-expiry')).toBe(`Expires on ${toDisplayDate(addMonths(today, 1))}`);

    await user.click(screen.getByTestId('duration-option-3'));
    expect(text('price-value')).toBe('5 credits');
    expect(text('price-balance-after')).toBe('3');
    expect(text('summary-expiry')).toBe(`Expires on ${toDisplayDate(addMonths(today, 3))}`);
    expect(screen.queryByTestId('price-insufficient')).toBeNull();
  });

  it('says so before sending when the balance cannot pay the duration', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByTestId('duration-option-6'));
    expect(text('price-balance-after')).toBe('-4');
    expect(text('price-insufficient')).toBe('Insufficient credits. Required: 12, Available: 8');
  });

  it("makes a trial free for the admin's days, and tells the trials left today", async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByTestId('field-is_trial'));
    expect(text('price-value')).toBe('Free');
    expect(text('price-balance-after')).toBe('8');
    expect(text('summary-expiry')).toBe(`Expires on ${toDisplayDate(addDays(today, 3))}`);
    expect(text('trial-left')).toBe('Trial lines left today: 2 of 5');
  });

  it('says what is missing or refused next to the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = await renderForm();
    await user.click(screen.getByTestId('line-form-submit'));
    expect(await screen.findByText('Username and password are required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'two words');
    await user.click(screen.getByTestId('line-form-submit'));
    expect(await screen.findByText(/^Username may only contain printable ASCII characters/)).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("sends the line to the chosen server and shows the server's 'name taken' at the username", async () => {
    const user = userEvent.setup();
    const { sent } = await renderForm({
      'POST /api/lines': {
        status: 409,
        body: { error: { code: 'LINE_USERNAME_TAKEN', message: 'server text' } },
      },
    });
    await user.type(screen.getByRole('textbox', { name: /Username/ }), '  anna-tv ');
    await user.click(screen.getByTestId('duration-option-3'));
    await user.click(screen.getByTestId('line-form-submit'));
    expect(
      await screen.findByText('Username already exists. Please choose a different username.'),
    ).toBeTruthy();
    // The refusal belongs to the field, not to the form's banner.
    expect(screen.queryByTestId('line-form-error')).toBeNull();
    const posted = sent.filter((request) => request.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      path: '/api/lines',
      body: { username: 'anna-tv', subscription_months: 3, server_id: 3 },
    });
    expect((posted[0]!.body as { password: string }).password).toMatch(/^\S{8,}$/);
  });

  it("shows the refusal of a server outside the reseller's allowed servers, naming both", async () => {
    const user = userEvent.setup();
    await renderForm({
      'POST /api/lines': {
        status: 403,
        body: {
          error: {
            code: 'LINE_SERVER_NOT_ALLOWED',
            message: 'server text',
            details: { params: { server: 'Frankfurt 1', account: 'shop@example.com' } },
          },
        },
      },
    });
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'anna-tv');
    await user.click(screen.getByTestId('line-form-submit'));
    expect(await screen.findByTestId('line-form-error')).toHaveProperty(
      'textContent',
      expect.stringContaining('The server Frankfurt 1 is not among the servers shop@example.com may use'),
    );
  });
});
