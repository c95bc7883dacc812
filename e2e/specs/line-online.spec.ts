import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type AppServer } from '../support/app-server.js';
import { startCccamScene, type CardServerScene } from '../support/card-server-scene.js';
import { POLL, signedInPage } from '../support/page-helpers.js';

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
let scene: CardServerScene;
let lineId: number;

const signIn = (width: number): Promise<Page> =>
  signedInPage(browser, server.url, ADMIN, { width, height: 900 });

beforeAll(async () => {
  // The panel reads connections every second.
  scene = await startCccamScene({
    serverName: 'CCcam online',
    panelEnv: { LINE_CONNECTIONS_POLL_SECONDS: '1' },
    activeClients,
  });
  ({ server, browser } = scene);
  lineId = await scene.addLine(USERNAME);
});

afterAll(async () => {
  await scene?.stop();
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
    // The page is opened once the panel has seen the connection, so that the card shows it from the
    // page's own read. (A change between the page's reads and its event stream's opening is brought
    // by the stream: dashboard.spec.ts holds the stream to prove it.)
    await expect
      .poll(
        async () =>
          (
            await scene.admin.request<{ connections: { ip: string }[] }>(
              'GET',
              `/api/lines/${lineId}/connections`,
            )
          ).connections.map((connection) => connection.ip),
        POLL,
      )
      .toContain('198.51.100.23');
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
