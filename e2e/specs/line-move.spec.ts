import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, waitUntil, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { axeViolations, signedInPage } from '../support/page-helpers.js';

type LineItem = { id: number; username: string; password: string; server_id: number; host_port: string[] };

let server: AppServer;
let browser: Browser;
let oldAgent: LineAgent;
let newAgent: LineAgent;
let adminApi: ApiSession;
let page: Page;
const ids = { old: 0, new: 0 };
const usernames = ['move-e2e-a', 'move-e2e-b', 'move-e2e-c'];

/** The usernames of the F: lines an agent's CCcam.cfg holds. */
async function onFile(agent: LineAgent): Promise<Set<string>> {
  const text = await readFile(agent.configFile, 'utf8');
  return new Set([...text.matchAll(/^F:\s+(\S+)\s/gm)].map((match) => match[1]!));
}

const linesOn = async (serverId: number) =>
  (await adminApi.request<{ items: LineItem[] }>('GET', `/api/lines?server_id=${serverId}&page_size=100`))
    .items;

beforeAll(async () => {
  [server, browser, oldAgent, newAgent] = await Promise.all([
    startAppServer(),
    launchBrowser(),
    startLineAgent(),
    startLineAgent(),
  ]);
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  ids.old = (await addAgentServer(adminApi, oldAgent, 'Old box')).id;
  ids.new = (await addAgentServer(adminApi, newAgent, 'New box', { hostname: 'tv.example.com' })).id;
  for (const username of usernames) {
    await adminApi.request('POST', '/api/lines', {
      username,
      password: 'move-pass-1',
      subscription_months: 1,
      server_id: ids.old,
    });
  }
  await waitUntil(
    async () => ((await onFile(oldAgent)).size === usernames.length ? true : undefined),
    'the lines on the old server',
  );
  page = await signedInPage(browser, server.url, ADMIN, { width: 1440, height: 900 });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([oldAgent?.stop(), newAgent?.stop()]);
  await server?.stop();
});

describe('moving lines between servers', () => {
  it('moves the ticked lines to another server from the lines grid and shows the progress', async () => {
    await page.goto(`${server.url}/users/all?server_id=${ids.old}`);
    await page
      .getByTestId('line-row')
      .nth(usernames.length - 1)
      .waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    await page.getByTestId('lines-bulk-move-server').click();
    await page.getByTestId('move-target-select').click();
    await page.getByTestId(`move-target-${ids.new}`).click();
    await page.locator(`[data-testid="move-preview-count"][data-count="${usernames.length}"]`).waitFor();
    // The new server has its own public name: the owners get their new connection lines.
    await page.locator('[data-testid="move-preview-address"][data-changes="true"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The old entries stay 24 hours unless told otherwise; here they go once the new server has them.
    expect(await page.getByTestId('move-grace-select').textContent()).toBe('24 hours');
    await page.getByTestId('move-grace-select').click();
    await page.getByTestId('move-grace-0').click();
    await page.getByTestId('move-confirm').click();
    await page.locator('[data-testid="bulk-progress"][data-finished="true"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('bulk-summary').textContent()).toBe(
      `Done: ${usernames.length} succeeded, 0 failed.`,
    );
    await page.getByTestId('bulk-close').click();

    const moved = await linesOn(ids.new);
    expect(moved.map((line) => line.username).sort()).toEqual(usernames);
    expect(moved.every((line) => line.host_port[0] === 'tv.example.com:12000')).toBe(true);
    const [onOld, onNew] = [await onFile(oldAgent), await onFile(newAgent)];
    for (const username of usernames)
      expect([onOld.has(username), onNew.has(username)]).toEqual([false, true]);

    // The line page shows the connection line with the new server's public name.
    const line = moved[0]!;
    await page.goto(`${server.url}/users/edit/${line.id}`);
    await page
      .getByTestId('line-connection-line')
      .filter({ hasText: `C: tv.example.com 12000 ${line.username} ${line.password}` })
      .waitFor();
  });

  it("moves every line of a server from the servers page, the target's address told before it starts", async () => {
    await page.goto(`${server.url}/cccam-servers/manage`);
    const row = page.locator(`[data-testid="server-row"][data-server-id="${ids.new}"]`);
    await row.getByTestId('server-hostname').filter({ hasText: 'tv.example.com' }).waitFor();
    await row.getByTestId('server-actions-menu-button').click();
    await page.getByTestId('server-move-lines-button').click();
    await page.getByTestId('move-target-select').click();
    // The server whose lines move is not offered as their target (the dialog loads the servers as it
    // opens, so absence counts once the other server is offered).
    await page.getByTestId(`move-target-${ids.old}`).waitFor();
    expect(await page.getByTestId(`move-target-${ids.new}`).count()).toBe(0);
    await page.getByTestId(`move-target-${ids.old}`).click();
    await page.locator(`[data-testid="move-preview-count"][data-count="${usernames.length}"]`).waitFor();
    await page.getByTestId('move-grace-select').click();
    await page.getByTestId('move-grace-0').click();
    await page.getByTestId('move-confirm').click();
    await page.locator('[data-testid="bulk-progress"][data-finished="true"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('bulk-summary').textContent()).toBe(
      `Done: ${usernames.length} succeeded, 0 failed.`,
    );
    expect((await linesOn(ids.old)).length).toBe(usernames.length);
    const [onOld, onNew] = [await onFile(oldAgent), await onFile(newAgent)];
    for (const username of usernames)
      expect([onOld.has(username), onNew.has(username)]).toEqual([true, false]);
    await page.getByTestId('bulk-close').click();
  });

  it('keeps the old entries through the grace period and shows until when', async () => {
    await page.goto(`${server.url}/cccam-servers/manage`);
    const row = page.locator(`[data-testid="server-row"][data-server-id="${ids.old}"]`);
    await row.getByTestId('server-actions-menu-button').click();
    await page.getByTestId('server-move-lines-button').click();
    await page.getByTestId('move-target-select').click();
    await page.getByTestId(`move-target-${ids.new}`).click();
    await page.locator(`[data-testid="move-preview-count"][data-count="${usernames.length}"]`).waitFor();
    // The default: the old entries stay 24 hours, or until each line is seen on the new server.
    await page.getByTestId('move-confirm').click();
    const grace = page.locator(`[data-testid="bulk-move-grace"][data-waiting="${usernames.length}"]`);
    await grace.waitFor({ timeout: 60_000 });
    expect(await grace.textContent()).toMatch(
      new RegExp(
        `^${usernames.length} lines are on their new server; their old entries stay until .+ at the latest`,
      ),
    );
    expect(await page.getByTestId('bulk-progress').getAttribute('data-finished')).toBe('false');
    expect(await axeViolations(page)).toEqual([]);
    const [onOld, onNew] = [await onFile(oldAgent), await onFile(newAgent)];
    for (const username of usernames)
      expect([onOld.has(username), onNew.has(username)]).toEqual([true, true]);
  });
});
