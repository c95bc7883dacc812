import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandInCccamInfo, WEBINFO_LOGIN } from '../../apps/agent/test/stand-in-servers.js';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { signedInPage } from '../support/page-helpers.js';

const USERNAME = 'online-demo';

/** Who CCcam's info page lists as connected; the test changes it. */
let connected: { username: string; ip: string }[] = [];

/** CCcam's /activeclients page: a text table of the connected clients, then the share list. */
function activeClients(): string {
  const rows = connected.map(
    (c) =>
      `| ${c.username.padEnd(18)} | ${c.ip.padEnd(13)} | 0d 00:10:00  | 00:00:02  | 12(11)   | 0(0)   | 2.3.2   | 1702:000000 Sky DE local ok    | 0.212   |`,
  );
  return `<HTML><BODY><PRE>
Connected clients: ${connected.length}
| Username           | Host          | Connected    | Idle time | ECM      | EMM    | Version | Last used share                | Ecm time|
${rows.join('\n')}
| Shareinfo          | Hop           |
</PRE></BODY></HTML>`;
}

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let info: Awaited<ReturnType<typeof startStandInCccamInfo>>;
let lineId: number;

const signIn = (width: number): Promise<Page> =>
  signedInPage(browser, server.url, ADMIN, { width, height: 900 });

beforeAll(async () => {
  info = await startStandInCccamInfo(activeClients);
  // The app server is started with this process's environment: read connections every second.
  process.env.LINE_CONNECTIONS_POLL_SECONDS = '1';
  try {
    [server, browser, agent] = await Promise.all([
      startAppServer(),
      launchBrowser(),
      startLineAgent({
        env: {
          AGENT_CCCAM_WEBINFO_URL: info.url,
          AGENT_CCCAM_WEBINFO_USER: WEBINFO_LOGIN.username,
          AGENT_CCCAM_WEBINFO_PASSWORD: WEBINFO_LOGIN.password,
        },
      }),
    ]);
  } finally {
    delete process.env.LINE_CONNECTIONS_POLL_SECONDS;
  }
  const api = apiSession(server.url);
  await api.signIn(ADMIN.email, ADMIN.password);
  const created = await addAgentServer(api, agent, 'CCcam online');
  const line = await api.request<{ line: { id: number } }>('POST', '/api/lines', {
    username: USERNAME,
    password: 'Line-Pass-42',
    subscription_months: 1,
    server_id: created.id,
  });
  lineId = line.line.id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await agent?.stop();
  await info?.close();
});

describe('who is online', () => {
  it('shows a line going online and offline in the grid, live, with when it was last seen', async () => {
    const page = await signIn(1440);
    await page.goto(`${server.url}/users/all?search=${USERNAME}`);
    const row = page.getByTestId('line-row').filter({ hasText: USERNAME });
    await row.locator('[data-testid="line-online"][data-online="false"]').waitFor();
    // "Last seen" is a column to choose (the username's dot says it on hover).
    await page.getByTestId('lines-columns-button').click();
    await page.getByTestId('lines-column-last_seen_at').click();
    await page.keyboard.press('Escape');
    expect(await row.getByTestId('line-last-seen').textContent()).toBe('—');

    connected = [{ username: USERNAME, ip: '203.0.113.7' }];
    // No reload: the change arrives over the event stream.
    await row.locator('[data-testid="line-online"][data-online="true"]').waitFor();
    expect(await row.getByTestId('line-last-seen').textContent()).toBe('Online');

    connected = [];
    await row.locator('[data-testid="line-online"][data-online="false"]').waitFor();
    await expect
      .poll(() => row.getByTestId('line-last-seen').textContent())
      .toMatch(/\d{4} \d{1,2}:\d{2} [ap]m$/);
    await page.context().close();
  });

  it('shows the connection and the IP history on the line page at phone width', async () => {
    const page = await signIn(390);
    connected = [{ username: USERNAME, ip: '198.51.100.23' }];
    await page.goto(`${server.url}/users/edit/${lineId}`);
    const card = page.getByTestId('line-connections-card');
    await card.getByTestId('line-connection-ip').getByText('198.51.100.23').waitFor();
    await card.getByTestId('line-ip-history').getByText('203.0.113.7').waitFor();
    // CCcam cannot end a single connection: no kick button.
    expect(await card.getByTestId('line-connection-kick').count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    connected = [];
    await card.getByTestId('line-connections-none').waitFor();
    await page.context().close();
  });
});
