import { readFileSync } from 'node:fs';
import path from 'node:path';
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
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await agent?.stop();
});

describe('lines list past the count cap', () => {
  it('shows "N+" while pages are full, pages on, and shows the exact end on the last page', async () => {
    await page.goto(`${server.url}/users/all?page_size=10`);
    const footer = page.getByTestId('lines-rows-shown');
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

/** The file the web build put a page's code in, from its manifest. */
function builtChunk(source: string): string {
  const manifestPath = path.resolve(import.meta.dirname, '../../apps/web/dist/.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[source]?.file;
  if (!chunk) throw new Error(`${source} is not in the web build's manifest`);
  return chunk;
}

describe('a page opened from the menu', () => {
  it('downloads while the reader points at its entry, before it is chosen', async () => {
    await page.goto(server.url);
    await page.getByTestId('welcome-card').waitFor();
    const chunk = builtChunk('src/features/support/pages/knowledge-base-page.tsx');
    const downloaded = page.waitForResponse((response) => response.url().endsWith(`/${chunk}`), {
      timeout: 30_000,
    });
    const entry = page.getByTestId('nav-knowledgeBase');
    await entry.hover();
    // Only pointed at, not clicked: the page's code comes now, so choosing it shows it at once.
    await downloaded;
    await entry.click();
    await page.getByRole('heading', { level: 1, name: 'Knowledge base' }).waitFor();
  });
});
