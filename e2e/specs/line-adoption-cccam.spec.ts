import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addMonths, isoDate } from '@linedesk/shared';
import { readCccamEntries } from '@linedesk/shared/config-files';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, waitUntil, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { accountId, POLL, signedInPage, signUpConfirmed, typeDate } from '../support/page-helpers.js';

const RESELLER = { email: 'reseller.cccam-adopt@example.com', password: 'reseller-password-1' };

/**
 * The agent tests' realistic CCcam.cfg: server settings, upstream C:/N: lines, and customers'
 * F-lines with all three brace groups, hops and reshare, deny lists, hostnames, tabs, comments and a
 * commented-out line.
 */
const CCCAM_CFG = readFileSync(
  path.resolve(import.meta.dirname, '../../apps/agent/test/fixtures/corpus/CCcam.cfg'),
  'utf8',
);
const ENTRIES = readCccamEntries(CCCAM_CFG);
const NAMES = ENTRIES.map((entry) => entry.username);
/** An F-line's fields: whitespace between them is no setting. */
const fields = (text: string) => text.trim().split(/\s+/);

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let page: Page;
let serverId: number;

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([
    startAppServer(),
    launchBrowser(),
    startLineAgent({ cccamCfg: CCCAM_CFG }),
  ]);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  serverId = (await addAgentServer(adminApi, agent, 'Hand-kept CCcam')).id;
  await signUpConfirmed(server, { ...RESELLER, name: 'CCcam Reseller' });
  await accountId(adminApi, RESELLER.email);
  page = await signedInPage(browser, server.url, ADMIN, { width: 1440, height: 900 });
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('adopting a hand-written CCcam.cfg', () => {
  it('an admin adopts every F-line of a realistic CCcam.cfg, each named and written back field by field', async () => {
    expect(NAMES).toEqual(['anna', 'bruno', 'carla', 'dario', 'emil', 'franz', 'gina', 'hugo']);
    await page.goto(`${server.url}/cccam-servers/${serverId}/adopt`);
    const count = page.getByTestId('unmanaged-count');
    await count.waitFor(POLL);
    expect(await count.getAttribute('data-count')).toBe(String(NAMES.length));

    await page.getByTestId('adopt-open').click();
    await page.getByTestId('adopt-accounts-dialog').waitFor(POLL);
    // CCcam.cfg has no expiry: the date is asked for before anything is previewed.
    const expiryField = page.getByTestId('adopt-expiry');
    await expiryField.waitFor(POLL);
    const expiry = addMonths(isoDate(new Date()), 2);
    await typeDate(page, 'adopt-expiry', expiry);
    await page.getByTestId('adopt-select-all').check();
    await page.getByTestId('adopt-owner').fill(RESELLER.email.slice(0, 12));
    const option = page.getByRole('option', { name: RESELLER.email });
    await option.waitFor(POLL);
    await option.click();

    await page.getByTestId('adoption-preview-button').click();
    const preview = page.getByTestId('adoption-preview');
    await preview.waitFor(POLL);
    for (const entry of ENTRIES) {
      const item = preview.locator(`[data-testid="adoption-result"][data-username="${entry.username}"]`);
      expect(await item.getAttribute('data-status'), entry.username).toBe('adoptable');
      // The F-line the agent will write is the file's own, every field kept.
      const written = await item.getByTestId('adoption-entry').textContent();
      expect(fields(written ?? ''), entry.username).toEqual(fields(entry.text));
    }
    // Nothing has been written by the preview.
    expect(readFileSync(agent.configFile, 'utf8')).toBe(CCCAM_CFG);

    await page.getByTestId('adoption-submit').click();
    const report = page.getByTestId('adoption-report');
    await report.waitFor(POLL);
    // Every account adopted, by name.
    await expect
      .poll(
        () =>
          report
            .locator('[data-testid="adoption-result"]')
            .evaluateAll((items) =>
              items.map(
                (item) => `${item.getAttribute('data-username')}:${item.getAttribute('data-status')}`,
              ),
            ),
        POLL,
      )
      .toEqual(NAMES.map((name) => `${name}:adopted`));
    const reportText = (await report.textContent()) ?? '';
    for (const name of NAMES) expect(reportText).toContain(name);

    // The agent manages every F-line now, each with every field it had; the rest of the file stays.
    const managed = await waitUntil(() => {
      const text = readFileSync(agent.configFile, 'utf8');
      const found = new Map(readCccamEntries(text).map((entry) => [entry.username, entry.text]));
      return NAMES.every((name) => found.has(name)) && text.includes('linedesk-agent') ? found : undefined;
    }, 'every F-line in the agent’s managed block');
    for (const entry of ENTRIES)
      expect(fields(managed.get(entry.username)!), entry.username).toEqual(fields(entry.text));
    const after = readFileSync(agent.configFile, 'utf8');
    for (const kept of ['C: upstream.example.net 12000 myuser mypass', '#F: old old-pw 1 0 0 { 0:0:2 }']) {
      expect(after).toContain(kept);
    }

    // The report leads to the adopted lines on this server.
    await page.getByTestId('adoption-show-lines').click();
    await page.waitForURL(new RegExp(`/users/all\\?server_id=${serverId}$`));
    for (const name of NAMES) await page.getByText(name, { exact: true }).first().waitFor(POLL);
  });
});
