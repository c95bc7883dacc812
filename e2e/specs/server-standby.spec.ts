import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, waitUntil, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { animationsDone, axeViolations, POLL, signedInPage, waitForIdle } from '../support/page-helpers.js';

type LineItem = { id: number; username: string; password: string; server_id: number; host_port: string[] };

const PRIMARY = 'Primary box';
const STANDBY = 'Standby box';
/** The standby's public name: its connection line is told apart from the primary's by it. */
const STANDBY_HOST = 'standby.example.com';
const usernames = ['standby-e2e-a', 'standby-e2e-b'];
const PASSWORD = 'standby-pass-1';

let server: AppServer;
let browser: Browser;
let primaryAgent: LineAgent;
let standbyAgent: LineAgent;
let adminApi: ApiSession;
const ids = { primary: 0, standby: 0 };

/** The usernames of the F: lines an agent's CCcam.cfg holds. */
async function onFile(agent: LineAgent): Promise<Set<string>> {
  const text = await readFile(agent.configFile, 'utf8');
  return new Set([...text.matchAll(/^F:\s+(\S+)\s/gm)].map((match) => match[1]!));
}

const lineNamed = async (username: string) =>
  (
    await adminApi.request<{ items: LineItem[] }>('GET', `/api/lines?search=${username}&page_size=10`)
  ).items.find((line) => line.username === username)!;

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const serverRow = (page: Page, id: number) =>
  page.locator(`[data-testid="server-row"][data-server-id="${id}"]`);

beforeAll(async () => {
  [server, browser, primaryAgent, standbyAgent] = await Promise.all([
    startAppServer(),
    launchBrowser(),
    startLineAgent(),
    startLineAgent(),
  ]);
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  ids.primary = (await addAgentServer(adminApi, primaryAgent, PRIMARY)).id;
  ids.standby = (await addAgentServer(adminApi, standbyAgent, STANDBY, { hostname: STANDBY_HOST })).id;
  for (const username of usernames) {
    await adminApi.request('POST', '/api/lines', {
      username,
      password: PASSWORD,
      subscription_months: 1,
      server_id: ids.primary,
    });
  }
  await waitUntil(
    async () => ((await onFile(primaryAgent)).size === usernames.length ? true : undefined),
    'the lines on the primary',
  );
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([primaryAgent?.stop(), standbyAgent?.stop()]);
  await server?.stop();
});

describe('standby servers', () => {
  it('an admin sets a standby in the edit dialog; the servers list tells both, the standby is filled', async () => {
    const page = await signedInPage(browser, server.url, ADMIN, { width: 1440, height: 900 });
    await page.goto(`${server.url}/cccam-servers/manage`);
    await serverRow(page, ids.primary).getByTestId('server-edit-button').click();
    const field = page.getByTestId('server-standby-field');
    await field.getByRole('combobox').click();
    // The field loads the other servers as the dialog opens: every other one is offered.
    const standby = page.getByRole('option', { name: `${STANDBY} (CCcam)` });
    await standby.waitFor(POLL);
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['No standby', `${STANDBY} (CCcam)`]);
    await standby.click();
    await field.getByTestId('server-standby-save').click();
    await field.getByRole('status').getByText('Standby saved').waitFor(POLL);
    await page.keyboard.press('Escape');
    await field.waitFor({ state: 'detached' });

    await serverRow(page, ids.primary)
      .getByTestId('server-standby')
      .getByText(`Standby: ${STANDBY}`, { exact: true })
      .waitFor(POLL);
    await serverRow(page, ids.standby)
      .getByTestId('server-standby')
      .getByText(`Standby of ${PRIMARY}`, { exact: true })
      .waitFor(POLL);
    // The standby holds the primary's lines in advance.
    await waitUntil(async () => {
      const held = await onFile(standbyAgent);
      return usernames.every((username) => held.has(username)) ? true : undefined;
    }, 'the lines on the standby');
    await page.context().close();
  });

  it("shows the line's two connection lines on the line page, at 1440 and 390 px", async () => {
    const line = await lineNamed(usernames[0]!);
    for (const width of [1440, 390]) {
      const page = await signedInPage(browser, server.url, ADMIN, { width, height: 900 });
      await page.goto(`${server.url}/users/edit/${line.id}`);
      await page
        .getByTestId('line-connection-line')
        .getByText(`C: ${primaryAgent.host} 12000 ${line.username} ${PASSWORD}`, { exact: true })
        .waitFor(POLL);
      await page
        .getByTestId('line-connection-line-more')
        .getByText(`C: ${STANDBY_HOST} 12000 ${line.username} ${PASSWORD}`, { exact: true })
        .waitFor(POLL);
      await page.getByText('Further connection line', { exact: true }).waitFor();
      await waitForIdle(page);
      await fitsWidth(page, width);
      await page.context().close();
    }
  });

  it('with the primary down, the list says the standby serves; promoting it shows the move on a phone', async () => {
    await primaryAgent.stop();
    const page = await signedInPage(browser, server.url, ADMIN, { width: 390, height: 844 });
    await page.goto(`${server.url}/cccam-servers/manage`);
    // The connection check finds the primary down.
    await serverRow(page, ids.primary).getByTestId('server-test-button').click();
    await serverRow(page, ids.primary)
      .getByTestId('server-standby')
      .getByText(`This server is down: its standby ${STANDBY} is serving its customers`, { exact: true })
      .waitFor(POLL);
    await waitForIdle(page);
    await fitsWidth(page, 390);

    await serverRow(page, ids.primary).getByTestId('server-actions-menu-button').click();
    await page.getByTestId('server-promote-standby-button').click();
    await page.getByRole('dialog', { name: `Make ${STANDBY} the primary?` }).waitFor();
    await page.getByTestId('confirm-button').click();
    await page.getByTestId('snackbar').filter({ hasText: 'The lines are moving onto the standby' }).waitFor();
    // The move's progress: the lines are on the standby; the down primary's old entries wait out the
    // grace period there.
    const grace = page.locator(`[data-testid="bulk-move-grace"][data-waiting="${usernames.length}"]`);
    await grace.waitFor({ timeout: 60_000 });
    expect(await grace.textContent()).toMatch(
      new RegExp(
        `^${usernames.length} lines are on their new server; their old entries stay until .+ at the latest`,
      ),
    );
    expect(await page.getByTestId('bulk-progress').getAttribute('data-finished')).toBe('false');
    // The job's progress bar stays while the old entries wait: done moving, not idle.
    await animationsDone(page);
    await fitsWidth(page, 390);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('bulk-close').click();

    // The standby is the primary now: no standby link is left in the list.
    await serverRow(page, ids.primary)
      .getByTestId('server-standby')
      .waitFor({ state: 'detached', ...POLL });
    await serverRow(page, ids.standby)
      .getByTestId('server-standby')
      .waitFor({ state: 'detached', ...POLL });
    const line = await lineNamed(usernames[0]!);
    expect(line.server_id).toBe(ids.standby);
    await page.goto(`${server.url}/users/edit/${line.id}`);
    await page.getByTestId('line-server').getByText(STANDBY, { exact: true }).waitFor(POLL);
    await page
      .getByTestId('line-connection-line')
      .getByText(`C: ${STANDBY_HOST} 12000 ${line.username} ${PASSWORD}`, { exact: true })
      .waitFor(POLL);
    await page.context().close();
  });
});
