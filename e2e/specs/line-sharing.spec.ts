import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  watchingClient,
  type StandInClient,
  type StandInOscam,
} from '../../apps/agent/test/stand-in-servers.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, type AppServer } from '../support/app-server.js';
import { startOscamScene, type OscamScene } from '../support/card-server-scene.js';
import {
  accountId,
  axeViolations,
  POLL,
  signedInPage,
  signUpConfirmed,
  waitForIdle,
} from '../support/page-helpers.js';

/** In the shipped offline databases: Deutsche Telekom (DE, AS3320) and Google (US, AS15169). */
const TELEKOM = '217.0.0.1';
const GOOGLE = '8.8.8.8';
const RESELLER = {
  email: 'sharing-reseller@example.com',
  password: 'Reseller-Pass-42',
  name: 'Sharing Reseller',
};
/** A poll every second; on a loaded machine the screen may still take a while to follow. */
const LIVE = { timeout: 60_000 };

let server: AppServer;
let browser: Browser;
let scene: OscamScene;
let oscam: StandInOscam;
let userFile: string;
let adminApi: ApiSession;
let resellerApi: ApiSession;
let serverId: number;

/** Who the stand-in OSCam lists as connected, per line; each test changes only its own line's. */
const clients = new Map<string, StandInClient[]>();
function connect(username: string, list: StandInClient[]) {
  clients.set(username, list);
  oscam.setClients([...clients.values()].flat());
}
/** Two receivers watching at once: one in Germany on Telekom, one in the US on Google's network. */
const sharedBy = (username: string) => [
  watchingClient(username, TELEKOM, `id_${username}_1`),
  { ...watchingClient(username, GOOGLE, `id_${username}_2`), chname: 'DAZN 1' },
];

async function sellLine(username: string, planId?: number): Promise<number> {
  const created = await resellerApi.request<{ line: { id: number } }>('POST', '/api/lines', {
    username,
    password: 'Line-Pass-42',
    subscription_months: 1,
    server_id: serverId,
    ...(planId === undefined ? {} : { plan_id: planId }),
  });
  // Control words asked for: the receivers count as watching.
  oscam.setCounters(username, 40, 2);
  return created.line.id;
}

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The texts of one evidence row, one per line as the reader sees them. */
const rowTexts = async (row: Locator) =>
  (await row.locator('.MuiTypography-root, .MuiChip-label').allInnerTexts()).map((text) => text.trim());

beforeAll(async () => {
  // The panel reads connections every second.
  scene = await startOscamScene({
    serverName: 'OSCam sharing',
    panelEnv: { LINE_CONNECTIONS_POLL_SECONDS: '1' },
  });
  ({ server, browser, oscam, userFile, admin: adminApi, serverId } = scene);
  await signUpConfirmed(server, RESELLER);
  const resellerId = await accountId(adminApi, RESELLER.email);
  await adminApi.request('POST', `/api/accounts/${resellerId}/credits`, { amount: 20 });
  resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
});

afterAll(async () => {
  await scene?.stop();
});

describe('sharing evidence and steps on screen', () => {
  it("shows the reseller the line's score and where it was watched from, live, at 1440 and 390 px", async () => {
    const username = 'shared-evidence';
    const lineId = await sellLine(username);
    const wide = await signedInPage(browser, server.url, RESELLER, { width: 1440, height: 900 });
    await wide.goto(`${server.url}/users/edit/${lineId}`);
    const card = wide.getByTestId('line-sharing-card');
    await card.getByTestId('sharing-score').getByText('Sharing score: 0 / 100').waitFor(POLL);
    await card.getByText('Looks like one viewer').waitFor();
    await card.getByText('Nothing suspicious seen so far.').waitFor();

    // No reload: the poll's news arrives over the event stream.
    connect(username, sharedBy(username));
    await card.getByTestId('sharing-score').getByText('Sharing score: 100 / 100').waitFor(LIVE);
    await card.getByText('High', { exact: true }).waitFor();
    expect(await card.getByRole('meter').getAttribute('aria-valuenow')).toBe('100');
    const rows = card.getByTestId('sharing-evidence');
    await expect.poll(() => rows.count(), LIVE).toBe(2);

    const signals = [
      'Several addresses at once',
      'Different networks',
      'Different countries',
      'Watching at the same time',
      'Different channels at once',
    ];
    const when = /^(First|Last) seen: \d{2} \w{3} \d{4} \d{1,2}:\d{2} [ap]m$/;
    const telekom = rows.filter({ has: wide.getByTestId('sharing-evidence-ip').getByText(TELEKOM) });
    const google = rows.filter({ has: wide.getByTestId('sharing-evidence-ip').getByText(GOOGLE) });
    for (const [row, facts] of [
      [telekom, ['Network: Deutsche Telekom AG (AS3320)', 'Country: Germany', 'Channel: Sky Cinema']],
      [google, ['Network: Google LLC (AS15169)', 'Country: United States', 'Channel: DAZN 1']],
    ] as const) {
      // The channel is the last fact a poll fills in: wait for the row to be complete.
      await row.getByText(facts[2]).waitFor(LIVE);
      const texts = await rowTexts(row);
      expect(texts.slice(0, 4)).toEqual([row === telekom ? TELEKOM : GOOGLE, ...facts]);
      expect(texts[4]).toMatch(when);
      expect(texts[5]).toMatch(when);
      expect(texts.slice(6)).toEqual(['Highest score: 100', ...signals]);
    }
    await waitForIdle(wide);
    await fitsWidth(wide, 1440);
    await wide.context().close();

    // On a phone: the same evidence, nothing wider than the screen, nothing axe-core objects to.
    const phone = await signedInPage(browser, server.url, RESELLER, { width: 390, height: 844 });
    await phone.goto(`${server.url}/users/edit/${lineId}`);
    const small = phone.getByTestId('line-sharing-card');
    await small.getByTestId('sharing-score').getByText('Sharing score: 100 / 100').waitFor(POLL);
    await small.getByTestId('sharing-evidence-ip').getByText(GOOGLE).waitFor();
    await small.getByText('Network: Deutsche Telekom AG (AS3320)').waitFor();
    await small.scrollIntoViewIfNeeded();
    await waitForIdle(phone);
    await fitsWidth(phone, 390);
    for (const row of await small.getByTestId('sharing-evidence').all()) {
      const box = await row.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await axeViolations(phone)).toEqual([]);
    await phone.context().close();
    connect(username, []);
  });

  it("takes the plan's steps the admin set in the plan dialog: shown on the line page, the owner's bell, the suspension, the lift", async () => {
    const admin = await signedInPage(browser, server.url, ADMIN, { width: 1440, height: 900 });
    await admin.goto(`${server.url}/users/plans`);
    await admin.getByTestId('line-plan-new').click();
    const dialog = admin.getByTestId('line-plan-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('line-plan-name').fill('Anti-sharing HD');
    await dialog.getByTestId('line-plan-months-0').fill('1');
    await dialog.getByTestId('line-plan-credits-0').fill('1');
    const steps = dialog.getByTestId('line-plan-sharing-steps');
    await steps.getByTestId('line-plan-step-note').check();
    await steps.getByTestId('line-plan-step-warn').check();
    await steps.getByTestId('line-plan-step-oscam').check();
    await steps.getByTestId('line-plan-step-oscam-score').fill('90');
    // OSCam's penalty offered for the step, "fake control words" unless chosen otherwise.
    await steps
      .getByRole('combobox', { name: 'OSCam penalty' })
      .filter({ hasText: '1: fake control words' })
      .waitFor();
    await steps.getByTestId('line-plan-step-suspend').check();
    await steps.getByTestId('line-plan-step-suspend-score').fill('95');
    await steps.getByTestId('line-plan-step-suspend-polls').fill('2');
    await dialog.getByTestId('line-plan-save').click();
    await dialog.waitFor({ state: 'detached' });
    const plans = await adminApi.request<{ items: { id: number; name: string; sharing_steps: unknown[] }[] }>(
      'GET',
      '/api/line-plans',
    );
    const plan = plans.items.find((item) => item.name === 'Anti-sharing HD');
    expect(plan?.sharing_steps).toEqual([
      { step: 'note', min_score: 30, polls: 1 },
      { step: 'warn', min_score: 55, polls: 1 },
      { step: 'oscam', min_score: 90, polls: 1, penalty: 1, numusers: null, fakedelay: null },
      { step: 'suspend', min_score: 95, polls: 2 },
    ]);
    await admin.context().close();

    const username = 'shared-steps';
    const lineId = await sellLine(username, plan!.id);
    const page = await signedInPage(browser, server.url, RESELLER, { width: 390, height: 844 });
    await page.goto(`${server.url}/users/edit/${lineId}`);
    const card = page.getByTestId('line-sharing-card');
    await card.getByTestId('sharing-score').getByText('Sharing score: 0 / 100').waitFor(POLL);
    expect(await page.getByTestId('line-toggle-button').textContent()).toBe('Suspend');

    connect(username, sharedBy(username));
    await card
      .getByTestId('sharing-steps-taken')
      .getByText('Steps taken in this episode: note, owner warned, OSCam anti-sharing, suspended', {
        exact: true,
      })
      .waitFor(LIVE);
    await card
      .getByTestId('sharing-oscam-in-force')
      .getByText('OSCam anti-sharing in force until the episode ends: penalty = 1', { exact: true })
      .waitFor(LIVE);
    // Suspended: the line page offers to enable it again, and its history says why each step came.
    await page.getByTestId('line-toggle-button').getByText('Enable', { exact: true }).waitFor(LIVE);
    const history = page.locator('[data-testid="line-event"][data-action="sharing_step"]');
    await expect.poll(() => history.count(), LIVE).toBe(4);
    const details = async (rows: Locator) =>
      (await rows.getByTestId('line-event-details').allInnerTexts()).map((text) =>
        text.split('\n').filter(Boolean),
      );
    expect((await details(history)).sort()).toEqual(
      ['OSCam anti-sharing', 'note', 'owner warned', 'suspended'].map((step) => [
        step,
        'Sharing score: 100 / 100',
      ]),
    );
    await page.locator('[data-testid="line-event"][data-action="disabled"]').waitFor(LIVE);
    // The agent wrote OSCam's penalty on the line's account, and disabled it.
    const account = async () => {
      const text = await readFile(userFile, 'utf8');
      const at = text.indexOf(`user = ${username}\n`);
      if (at < 0) return '';
      const next = text.indexOf('[account]', at);
      return text.slice(at, next < 0 ? undefined : next);
    };
    await expect.poll(account, LIVE).toMatch(/^penalty = 1$/m);
    await expect.poll(account, LIVE).toMatch(/^disabled = 1$/m);

    // The warning reaches the owner's bell.
    const bell = page.getByTestId('notifications-bell');
    await expect.poll(async () => Number(await bell.getAttribute('data-unread')), LIVE).toBeGreaterThan(0);
    await bell.click();
    await page
      .getByTestId('notification-item')
      // The bell shows the message's first 60 characters.
      .filter({ hasText: `The line ${username} has a sharing score of 100 out of 100` })
      .waitFor(LIVE);
    await waitForIdle(page);
    await fitsWidth(page, 390);
    await page.keyboard.press('Escape');

    // One receiver left: the episode ends, OSCam's penalty is lifted; the suspension stays.
    connect(username, [sharedBy(username)[0]!]);
    await card.getByTestId('sharing-score').getByText('Sharing score: 0 / 100').waitFor(LIVE);
    await card.getByTestId('sharing-oscam-in-force').waitFor({ state: 'detached', ...LIVE });
    await card.getByTestId('sharing-steps-taken').waitFor({ state: 'detached', ...LIVE });
    const lifted = page.locator('[data-testid="line-event"][data-action="sharing_step_lifted"]');
    await lifted.waitFor(LIVE);
    expect(await details(lifted)).toEqual([['OSCam anti-sharing']]);
    await expect.poll(account, LIVE).not.toContain('penalty');
    expect(await account()).toMatch(/^disabled = 1$/m);
    expect(await page.getByTestId('line-toggle-button').textContent()).toBe('Enable');
    await page.context().close();
    connect(username, []);
  });
});
