import { appendFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import {
  accountId,
  POLL,
  setLanguage,
  signedInPage,
  signUpConfirmed,
  visit,
} from '../support/page-helpers.js';

const RESELLER = { email: 'reseller.refused@example.com', password: 'reseller-password-1' };
/** A name the server's operator wrote into CCcam.cfg by hand: the agent refuses to take it over. */
const HAND_WRITTEN = 'handmade';

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let page: Page;
let lineId: number;

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  await appendFile(agent.configFile, `F: ${HAND_WRITTEN} by-hand-pw\n`);
  const adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await addAgentServer(adminApi, agent, 'Hand-kept CCcam');
  await signUpConfirmed(server, { ...RESELLER, name: 'Refused Reseller' });
  await adminApi.request('POST', `/api/accounts/${await accountId(adminApi, RESELLER.email)}/credits`, {
    amount: 10,
  });
  const resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  const created = await resellerApi.request<{ line: { id: number; sync_state: string } }>(
    'POST',
    '/api/lines',
    { username: HAND_WRITTEN, password: 'line-pw-1', subscription_months: 1 },
  );
  expect(created.line.sync_state).toBe('refused');
  lineId = created.line.id;
  page = await signedInPage(browser, server.url, RESELLER);
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('a line its server refused', () => {
  it('shows the refused state and why on the line page and in the list, without a retry, in each language', async () => {
    const texts = {
      en: { state: 'Refused', why: 'The server refused this line for good' },
      de: { state: 'Abgelehnt', why: 'Der Server hat diesen Zugang endgültig abgelehnt' },
      pl: { state: 'Odrzucona', why: 'Serwer ostatecznie odrzucił tę linię' },
      pt: { state: 'Recusada', why: 'O servidor recusou esta linha de vez' },
    } as const;
    for (const [language, expected] of Object.entries(texts)) {
      await setLanguage(page, server.url, language);
      await visit(page, `/users/edit/${lineId}`);
      const card = page.getByTestId('line-sync-card');
      const chip = card.getByTestId('line-sync');
      await chip.waitFor(POLL);
      expect(await chip.getAttribute('data-sync-state')).toBe('refused');
      expect((await chip.textContent())?.trim()).toBe(expected.state);
      const message = (await card.getByTestId('line-sync-message').textContent()) ?? '';
      expect(message).toContain(expected.why);
      // The agent's own words, as it answered.
      expect(message).toContain('hand-written entry');
      // Sending it again would be refused the same way: the page does not offer it.
      expect(await card.getByTestId('line-retry-sync').count()).toBe(0);

      await visit(page, '/users/all?sync_state=refused');
      const row = page.locator('[data-testid="line-sync"][data-sync-state="refused"]').first();
      await row.waitFor(POLL);
      expect((await row.textContent())?.trim()).toBe(expected.state);
    }
  });
});
