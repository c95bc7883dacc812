import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type AppServer } from '../support/app-server.js';
import { startCccamScene, type CardServerScene } from '../support/card-server-scene.js';
import { axeViolations, signedInPage } from '../support/page-helpers.js';

const USERNAME = 'lock-demo';
/** In the shipped offline databases: Google, US, AS15169 (a datacenter network). */
const GOOGLE = '8.8.8.8';

/** Who CCcam's info page lists as connected; the test changes it. */
let connected: { username: string; ip: string }[] = [];

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

beforeAll(async () => {
  // The panel reads connections every second.
  scene = await startCccamScene({
    serverName: 'CCcam locks',
    panelEnv: { LINE_CONNECTIONS_POLL_SECONDS: '1' },
    activeClients,
  });
  ({ server, browser } = scene);
  lineId = await scene.addLine(USERNAME);
});

afterAll(async () => {
  await scene?.stop();
});

describe('line locks', () => {
  it('sets a lock on the line page and lists a connection from outside it, live, at phone width', async () => {
    const page = await signedInPage(browser, server.url, ADMIN, { width: 390, height: 900 });
    await page.goto(`${server.url}/users/edit/${lineId}`);
    const card = page.getByTestId('line-lock-card');
    await card.getByText('No lock: any country and network').waitFor();

    await card.getByTestId('line-lock-editor-countries').fill('de, at');
    await card.getByTestId('line-lock-editor-save').click();
    await card.getByTestId('line-lock-effective').getByText('Allowed countries: DE, AT').waitFor();
    // CCcam cannot end one connection: the card says the lock is only reported here.
    await card.getByTestId('line-lock-not-enforced').waitFor();

    // No reload: the poll's violation arrives over the event stream.
    connected = [{ username: USERNAME, ip: GOOGLE }];
    const row = card.getByTestId('lock-violation');
    await row.waitFor();
    expect(await row.textContent()).toContain(GOOGLE);
    expect(await row.textContent()).toContain('Country not allowed');
    expect(await row.textContent()).toContain('Reported, not enforced');
    expect(await row.textContent()).toContain('Google LLC (AS15169)');

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    connected = [];
    await page.context().close();
  });
});
