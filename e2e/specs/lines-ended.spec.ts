import { addDays, isoDate } from '@linedesk/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, waitUntil, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { accountId, POLL, signedInPage, signUpConfirmed } from '../support/page-helpers.js';

// "Lines that ended" (docs/resellers.md): the admin's setting, the to-do list's warning, the job
// archiving the line and its owner restoring it from the "Archived" list on a phone.
const RESELLER = { email: 'ended.reseller@example.com', password: 'reseller-password-1' };
const PHONE = { width: 390, height: 844 };

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let adminApi: ApiSession;
let resellerApi: ApiSession;

type Line = { id: number; username: string; archived_at: string | null; status: string };

/** The line's expiry moved `daysAgo` days into the past by an admin's edit (DD-MM-YYYY, as typed). */
async function endedDaysAgo(id: number, daysAgo: number) {
  const [y, m, d] = addDays(isoDate(new Date()), -daysAgo).split('-');
  await adminApi.request('PATCH', `/api/lines/${id}`, { expiry_date: `${d}-${m}-${y}` });
}

const lineOf = (id: number) => resellerApi.request<Line>('GET', `/api/lines/${id}`);

beforeAll(async () => {
  // The job's round every second, so the archiving comes while the spec waits.
  [server, browser, agent] = await Promise.all([
    startAppServer({ LINE_ENDED_INTERVAL_SECONDS: '1' }),
    launchBrowser(),
    startLineAgent(),
  ]);
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await addAgentServer(adminApi, agent, 'Ended agent');
  await signUpConfirmed(server, { ...RESELLER, name: 'Ended Reseller' });
  await adminApi.request('POST', `/api/accounts/${await accountId(adminApi, RESELLER.email)}/credits`, {
    amount: 10,
  });
  resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('lines that ended (#50)', () => {
  it('warns in the to-do list, archives the line, lists it under "Archived" on a phone and restores it', async () => {
    const line = (
      await resellerApi.request<{ line: Line }>('POST', '/api/lines', {
        username: 'e2e-ended',
        password: 'Ended-Pass-42',
        subscription_months: 1,
      })
    ).line;
    // Ended 28 days ago: with 30 days it goes in 2, inside the to-do list's 3 days of warning.
    await endedDaysAgo(line.id, 28);

    const admin = await signedInPage(browser, server.url, ADMIN);
    await admin.goto(`${server.url}/settings/panel`);
    const card = admin.getByTestId('ended-lines-settings-card');
    await card.getByRole('combobox').first().click();
    await admin.getByRole('option', { name: 'Archive them' }).click();
    await card.getByTestId('ended-line-action-save').click();
    await admin.getByText('Lines that ended will be archived').waitFor(POLL);
    expect(await adminApi.request('GET', '/api/line-settings')).toMatchObject({
      ended_line_action: 'archive',
      ended_line_days: 30,
    });

    const reseller: Page = await signedInPage(browser, server.url, RESELLER, PHONE);
    await reseller.goto(server.url);
    await reseller
      .getByTestId('todo-ending')
      .getByTestId('todo-ending-line')
      .filter({ hasText: line.username })
      .waitFor(POLL);

    // Its day comes: the job's next round archives it.
    await endedDaysAgo(line.id, 31);
    await waitUntil(
      async () => ((await lineOf(line.id)).archived_at ? true : undefined),
      'the line archived by the job',
    );

    await reseller.goto(`${server.url}/users/all?archived=true`);
    const row = reseller.getByTestId('line-row').filter({ hasText: line.username });
    await row.waitFor(POLL);
    expect(await reseller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await row.getByTestId('line-actions-menu-button').click();
    await reseller.getByTestId('line-restore-menu-item').click();
    await reseller.getByText(`${line.username} is restored and back on its server`).waitFor(POLL);
    // Out of the "Archived" list, back among the owner's lines.
    await row.waitFor({ state: 'detached', ...POLL });
    expect(await lineOf(line.id)).toMatchObject({ archived_at: null, status: 'expired' });
  });
});
