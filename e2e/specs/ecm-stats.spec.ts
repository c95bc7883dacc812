import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInClient, type StandInOscam } from '../../apps/agent/test/stand-in-servers.js';
import { type ApiSession } from '../support/api-session.js';
import { ADMIN, type AppServer } from '../support/app-server.js';
import { startOscamScene, type OscamScene } from '../support/card-server-scene.js';
import { POLL, signedInPage } from '../support/page-helpers.js';

const USERNAME = 'ecm-demo';

const watching: StandInClient = {
  thid: 'id_0x1',
  type: 'c',
  name: USERNAME,
  protocol: 'cccam (2.3.2-3367)',
  ip: '203.0.113.7',
  port: 40000,
  status: 'OK',
  login: '2026-11-22T07:15:00+0100',
  online: 600,
  idle: 2,
  caid: '1702',
  srvid: '0085',
  chname: 'Sky Cinema',
  ecmtime: 180,
};
const card: StandInClient = {
  ...watching,
  thid: 'id_0x2',
  type: 'r',
  name: 'sky-card',
  protocol: 'internal',
  status: 'CARDOK',
  ecmtime: 187,
};

let server: AppServer;
let browser: Browser;
let scene: OscamScene;
let oscam: StandInOscam;
let api: ApiSession;
let lineId: number;
let serverId: number;

const signIn = (width: number): Promise<Page> =>
  signedInPage(browser, server.url, ADMIN, { width, height: 900 });

beforeAll(async () => {
  // The panel reads ECM counters every second.
  scene = await startOscamScene({ serverName: 'OSCam pictures', panelEnv: { ECM_STATS_POLL_SECONDS: '1' } });
  ({ server, browser, oscam, admin: api, serverId } = scene);
  lineId = await scene.addLine(USERNAME);
  oscam.setClients([watching, card]);
  oscam.setReader('sky-card', { ok: 0, notFound: 0 });
});

afterAll(async () => {
  await scene?.stop();
});

describe('ECM statistics', () => {
  it("shows on the line page that the customer gets pictures: the stand-in's counts, time and channel (1440 px)", async () => {
    // The first read of an account is the panel's baseline; what the receiver asks after it is
    // charted. Two reads after the line was made: the first may have begun before it existed.
    const polledAt = async () =>
      (await api.request<{ polled_at: string | null }>('GET', `/api/servers/${serverId}/ecm-stats`))
        .polled_at;
    for (let read = 0; read < 2; read += 1) {
      const before = await polledAt();
      await expect.poll(polledAt, POLL).not.toBe(before);
    }
    oscam.setCounters(USERNAME, 1200, 30, { timeout: 4, lastMs: 180 });
    await expect
      .poll(
        async () =>
          (await api.request<{ totals: { ok: number } }>('GET', `/api/lines/${lineId}/ecm-stats`)).totals.ok,
        POLL,
      )
      .toBe(1200);
    const page = await signIn(1440);
    await page.goto(`${server.url}/users/edit/${lineId}`);
    const card = page.getByTestId('line-ecm-card');
    const totals = card.getByTestId('line-ecm-totals');
    await totals.getByText('Answered: 1,200').waitFor();
    await totals.getByText('Not answered: 34').waitFor();
    await totals.getByText('Average answer time: 180 ms').waitFor();
    await totals.getByText('Answer rate: 97.2%').waitFor();
    await card.getByTestId('ecm-chart').locator('svg').first().waitFor();
    await card.getByTestId('line-ecm-channel').getByText('Sky Cinema').waitFor();
    // A month is drawn from daily buckets, with the same figures.
    await card.getByTestId('ecm-range-30d').click();
    await totals.getByText('Answered: 1,200').waitFor();
    await page.context().close();
  });

  it("shows the server's answer rate, its reader's answers and chart, and the dashboard's tile", async () => {
    type Stats = { polled_at: string | null; readers: { label: string; ok: number }[] };
    const stats = () => api.request<Stats>('GET', `/api/servers/${serverId}/ecm-stats`);
    // The reader's first read is its baseline too: two reads, then the card answers.
    for (let read = 0; read < 2; read += 1) {
      const before = (await stats()).polled_at;
      await expect.poll(async () => (await stats()).polled_at, POLL).not.toBe(before);
    }
    oscam.setReader('sky-card', { ok: 1190, notFound: 8, timeout: 2 });
    await expect
      .poll(async () => (await stats()).readers.find((r) => r.label === 'sky-card')?.ok, POLL)
      .toBe(1190);
    const page = await signIn(1440);
    await page.goto(`${server.url}/cccam-servers/manage`);
    const row = page.getByTestId('server-row').filter({ hasText: 'OSCam pictures' });
    await row.getByTestId('server-actions-menu-button').click();
    await page.getByTestId('server-ecm-button').click();
    const dialog = page.getByTestId('server-ecm-dialog');
    await dialog.getByTestId('server-ecm-totals').getByText('Answered: 1,200').waitFor();
    const reader = dialog.getByTestId('server-ecm-reader').filter({ hasText: 'sky-card' });
    await reader.getByText('CARDOK').waitFor();
    await reader.getByText('100%').waitFor();
    await reader.getByTestId('server-ecm-reader-ok').getByText('1,190').waitFor();
    await reader.getByTestId('server-ecm-reader-nok').getByText('10').waitFor();
    await reader.getByText('99.2%').waitFor();
    const chart = dialog.getByRole('region', { name: 'ECMs of reader sky-card' });
    await chart.getByTestId('server-ecm-reader-totals').getByText('Answered: 1,190').waitFor();
    await chart.getByTestId('server-ecm-reader-totals').getByText('Not answered: 10').waitFor();
    await chart.getByTestId('ecm-chart').locator('svg').first().waitFor();
    await page.keyboard.press('Escape');

    await page.goto(server.url);
    // The tile loads once the reader scrolls near it.
    await page.getByTestId('ecm-placeholder').scrollIntoViewIfNeeded();
    const tile = page.getByTestId('ecm-dashboard-card');
    await tile.scrollIntoViewIfNeeded();
    await tile.getByTestId('dashboard-ecm-totals').getByText('Answered: 1,200').waitFor();
    await page.context().close();
  });
  // Last: the language chosen here is the account's, which the pages above read in English.
  it('fits the line chart on a phone, in German', async () => {
    // The account's choice, as the language menu stores it: a new browser takes it.
    await api.request('PUT', '/api/me/language', { language: 'de', chosen: true });
    const page = await signIn(390);
    await page.goto(`${server.url}/users/edit/${lineId}`);
    const card = page.getByTestId('line-ecm-card');
    await card.getByTestId('line-ecm-totals').getByText('Beantwortet: 1.200').waitFor();
    await card.getByTestId('ecm-chart').locator('svg').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
