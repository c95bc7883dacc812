import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { submitSignIn } from '../support/page-helpers.js';

/** A small count cap (the server's LINES_TOTAL_CAP), so "more than the cap" takes a dozen lines, not 10,000. */
const CAP = 5;
const LINES = 12;

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let page: Page;

beforeAll(async () => {
  // The app server is started with this process's environment.
  process.env.LINES_TOTAL_CAP = String(CAP);
  try {
    [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  } finally {
    delete process.env.LINES_TOTAL_CAP;
  }
  const api = apiSession(server.url);
  await api.signIn(ADMIN.email, ADMIN.password);
  const created = await addAgentServer(api, agent, 'Capped list agent');
  for (let i = 0; i < LINES; i += 1) {
    await api.request('POST', '/api/lines', {
      username: `capped-${String(i).padStart(2, '0')}`,
      password: 'Line-Pass-42',
      subscription_months: 1,
      server_id: created.id,
    });
  }
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  await submitSignIn(page, server.url, ADMIN);
  await page.getByTestId('welcome-card').waitFor();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await agent?.stop();
});

describe('lines list past the count cap', () => {
  it('shows "N+" while pages are full, pages on, and shows the exact end on the last page', async () => {
    await page.goto(`${server.url}/users/all?page_size=10`);
    const footer = page.locator('.MuiTablePagination-displayedRows');
    await footer.getByText('1–10 of 10+').waitFor();
    expect(await page.getByTestId('line-row').count()).toBe(10);

    // The pager sits below the fold at 1440×900; scrolled to first, as a person scrolls before clicking.
    const next = page.getByRole('button', { name: 'Go to next page' });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await footer.getByText(`11–${LINES} of ${LINES}`, { exact: true }).waitFor();
    expect(await page.getByTestId('line-row').count()).toBe(LINES - 10);
    await page.getByRole('button', { name: 'Go to next page', disabled: true }).waitFor();
  });
});
