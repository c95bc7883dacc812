import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addMonths, isoDate } from '@linedesk/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineAgent } from '../support/agent.js';
import type { ApiSession } from '../support/api-session.js';
import { waitUntil, type AppServer } from '../support/app-server.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

let server: AppServer;
let scenario: ResellerScenario;
let agent: LineAgent;
let admin: Page;
let adminApi: ApiSession;
let folder: string;

const RESELLER = { email: 'reseller.import@example.com', password: 'reseller-password-1' };

beforeAll(async () => {
  scenario = await startResellerScenario({
    serverName: 'Import agent',
    reseller: { ...RESELLER, name: 'Import Reseller' },
    credits: 0,
  });
  ({ server, agent, adminApi, admin } = scenario);
  folder = await mkdtemp(path.join(tmpdir(), 'linedesk-import-'));
});
afterAll(async () => {
  await scenario?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function pickServer(page: Page) {
  await page.getByTestId('import-server').click();
  await page.getByRole('option', { name: /^Import agent/ }).click();
}

describe('importing lines in a real browser', () => {
  it('an admin uploads a CSV, maps its columns, sees a refused row, imports and finds the lines', async () => {
    const expiry = addMonths(isoDate(new Date()), 6);
    const [y, m, d] = expiry.split('-');
    // A spreadsheet's export: semicolons, day-first dates, columns the guess cannot name.
    const file = path.join(folder, 'old-panel.csv');
    await writeFile(
      file,
      [
        'Login;Secret;Valid until;Reseller',
        `imp-anna;pw-anna;${d}.${m}.${y};${RESELLER.email}`,
        `imp-bert;pw-bert;${d}.${m}.${y};`,
        `imp-cara;pw-cara;${d}.${m}.${y};nobody@example.com`,
        '',
      ].join('\r\n'),
    );
    await admin.goto(`${server.url}/users/import`);
    await admin.getByTestId('import-file').setInputFiles(file);
    await admin.getByTestId('import-upload').click();
    await admin.getByTestId('import-read').waitFor();

    // "Login" is guessed as the username; the others are mapped by hand.
    for (const [field, column] of [
      ['password', 'Secret'],
      ['expiry', 'Valid until'],
      ['owner_email', 'Reseller'],
    ] as const) {
      await admin.getByTestId(`map-${field}`).locator('..').click();
      await admin.getByRole('option', { name: new RegExp(`^${column}`) }).click();
    }
    // No guess: nothing is checked until the admin picks the server the lines go to.
    await admin.getByTestId('import-choose-server').waitFor();
    await pickServer(admin);
    await admin.getByTestId('import-ok').filter({ hasText: '2' }).waitFor();
    await admin.getByTestId('import-refused').filter({ hasText: '1' }).waitFor();
    await admin.getByText('No account has the email nobody@example.com').waitFor();
    // Each row shows the F-line the picked server's agent will write for it, with nothing changed
    // from what the row asked for.
    const entries = await admin.getByTestId('import-entry').allTextContents();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatch(/^F: imp-anna pw-anna \d/);
    expect(entries[1]).toMatch(/^F: imp-bert pw-bert \d/);
    expect(await admin.getByTestId('import-difference').count()).toBe(0);

    await admin.getByTestId('import-start').click();
    await admin.locator('[data-testid="import-progress"][data-finished="true"]').waitFor({ timeout: 60_000 });
    expect(await admin.getByTestId('import-summary').textContent()).toContain('Imported: 2');
    // The finished import names its lines and the refused row with its reason.
    expect(await admin.getByTestId('import-results-imported').textContent()).toBe('imp-anna, imp-bert');
    expect(await admin.getByTestId('import-results-refused').textContent()).toContain(
      'Row 3 (imp-cara): No account has the email nobody@example.com',
    );

    const lines = await adminApi.request<{ items: { username: string; owner_email: string | null }[] }>(
      'GET',
      '/api/lines?search=imp-',
    );
    expect(lines.items.map((line) => line.username).sort()).toEqual(['imp-anna', 'imp-bert']);
    expect(lines.items.find((line) => line.username === 'imp-anna')?.owner_email).toBe(RESELLER.email);
    await waitUntil(async () => {
      const config = await readFile(agent.configFile, 'utf8');
      return config.includes('F: imp-anna pw-anna') && config.includes('F: imp-bert pw-bert')
        ? true
        : undefined;
    }, 'the imported lines in CCcam.cfg');
    // The way back leads to the lines on the server the file filled.
    await admin.getByTestId('import-show-lines').click();
    await admin.waitForURL(/\/users\/all\?server_id=\d+/);
    await admin.getByText('imp-anna').first().waitFor();
    await admin.getByText('imp-bert').first().waitFor();
  });

  it("an admin imports another server's CCcam.cfg and sees each F-line written as the file has it", async () => {
    const file = path.join(folder, 'CCcam.cfg');
    const lines = [
      'F: cfg-carla carla-pw 1 0 0 { 0:0:2 } { } { } carla.dyndns.example',
      'F: cfg-dora dora-pw 2 1 1 { 0:0:1 } # paid in cash',
    ];
    await writeFile(
      file,
      ['# CCcam.cfg of the old box', 'SERVER LISTEN PORT : 12000', ...lines, ''].join('\n'),
    );
    await admin.goto(`${server.url}/users/import`);
    await admin.getByTestId('import-file').setInputFiles(file);
    await admin.getByTestId('import-upload').click();
    await admin.getByTestId('import-read').waitFor();
    await pickServer(admin);
    const expiry = addMonths(isoDate(new Date()), 3);
    const [y, m, d] = expiry.split('-');
    await admin.getByLabel('Expiry of rows without one').fill(`${d}-${m}-${y}`);
    await admin.getByTestId('import-ok').filter({ hasText: '2' }).waitFor();
    // The entry each row will be on the server, and no difference from the file.
    const entries = await admin.getByTestId('import-entry').allTextContents();
    expect(entries).toEqual(lines);
    expect(await admin.getByTestId('import-difference').count()).toBe(0);
    expect(await admin.getByTestId('import-differing').count()).toBe(0);

    await admin.getByTestId('import-start').click();
    await admin.locator('[data-testid="import-progress"][data-finished="true"]').waitFor({ timeout: 60_000 });
    await waitUntil(async () => {
      const config = await readFile(agent.configFile, 'utf8');
      return lines.every((line) => config.includes(line)) ? true : undefined;
    }, 'the F-lines in CCcam.cfg with every field they had');
  });
});
