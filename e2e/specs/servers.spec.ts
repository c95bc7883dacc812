import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_VERSION, startLineAgent, type LineAgent } from '../support/agent.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { submitSignIn } from '../support/page-helpers.js';

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let page: Page;

const SERVER_NAME = 'E2E agent';
/** Set to a directory to keep a screenshot of each page (for looking at the layout). */
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

async function shot(name: string) {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  page = await context.newPage();
  await submitSignIn(page, server.url, ADMIN);
  await page.getByTestId('welcome-card').waitFor();
});
afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

function checkRow() {
  return page.getByTestId('check-row').filter({ hasText: SERVER_NAME });
}

async function runCheck() {
  await page.goto(`${server.url}/cccam-servers/check`);
  await checkRow().waitFor();
  await page.getByTestId('check-all-button').click();
  // Every row waits with a spinner until its result is in.
  await page
    .locator('[data-testid="check-row"][data-state="done"]')
    .filter({ hasText: SERVER_NAME })
    .waitFor();
  await page.getByTestId('check-summary').waitFor();
}

describe('card-sharing servers in a real browser, against a real line agent', () => {
  it('an admin adds a server pointing at the agent through the form', async () => {
    await page.getByTestId('nav-cccamServers').first().click();
    await page.getByTestId('nav-serversManage').first().click();
    await page.waitForURL(/\/cccam-servers\/manage$/);
    await page.goto(`${server.url}/cccam-servers`);
    await page.waitForURL(/\/cccam-servers\/manage$/);
    await page.getByTestId('servers-empty').waitFor();
    await shot('servers-manage-empty');

    await page.getByTestId('server-add-button').click();
    await page.waitForURL(/\/cccam-servers\/add$/);
    // The spec's defaults.
    expect(await page.getByTestId('field-port').inputValue()).toBe('12000');
    expect(await page.getByTestId('field-api_port').inputValue()).toBe('3000');
    expect(await page.getByTestId('field-protocol-select').textContent()).toBe('CCcam');

    // The browser checks what the API would refuse, with the spec's texts.
    await page.getByTestId('field-port').fill('70000');
    await page.getByTestId('server-form-submit').click();
    await page.getByText('CCcam port must be between 1 and 65535').waitFor();
    expect(await page.getByText('This field is required').count()).toBeGreaterThanOrEqual(4);
    await shot('servers-add-invalid');

    await page.getByTestId('field-server_name').fill(SERVER_NAME);
    await page.getByTestId('field-host_ip').fill(agent.host);
    await page.getByTestId('field-port').fill('12000');
    await page.getByTestId('field-api_port').fill(String(agent.port));
    await page.getByTestId('field-username').fill(agent.username);
    await page.getByTestId('field-password').fill(agent.password);
    await page.getByTestId('server-form-submit').click();

    await page.waitForURL(/\/cccam-servers\/manage$/);
    const row = page.getByTestId('server-row').filter({ hasText: SERVER_NAME });
    await row.waitFor();
    // A new server is tested as it is added: the agent answers, so it is active at once.
    expect(await row.getByTestId('server-status').getAttribute('data-status')).toBe('active');
    expect(await row.getByTestId('server-host').textContent()).toBe(`${agent.host}:12000`);
    expect(await row.getByTestId('server-api-port').textContent()).toBe(String(agent.port));
  });

  it('checking all servers shows the agent healthy, logged in and its version, and makes it active', async () => {
    await runCheck();
    const row = page.locator('[data-testid="check-row"][data-state="done"]').filter({ hasText: SERVER_NAME });
    expect(await row.getByTestId('server-status').getAttribute('data-status')).toBe('active');
    expect(await row.getByTestId('check-health').getAttribute('data-ok')).toBe('true');
    expect(await row.getByTestId('check-auth').getAttribute('data-ok')).toBe('true');
    expect(await row.getByTestId('check-version').textContent()).toBe(AGENT_VERSION);
    expect(await row.getByTestId('check-message').textContent()).toBe('Connection successful');
    await shot('servers-check-ok');

    await page.goto(`${server.url}/cccam-servers/manage`);
    const listed = page.getByTestId('server-row').filter({ hasText: SERVER_NAME });
    await listed.locator('[data-status="active"]').waitFor();
    expect(await listed.getByTestId('server-version').textContent()).toBe(AGENT_VERSION);
    expect(await listed.getByTestId('server-last-connection').textContent()).toMatch(
      /^\d{2} \w{3} \d{4} \d{1,2}:\d{2} (am|pm)$/,
    );
    await listed.getByTestId('server-test-button').click();
    await page
      .getByTestId('snackbar')
      .filter({ hasText: `${SERVER_NAME}: connection successful` })
      .waitFor();
    await shot('servers-manage');
  });

  it('the install dialog shows the command with this server’s token, ready to copy', async () => {
    await page.goto(`${server.url}/cccam-servers/manage`);
    const row = page.getByTestId('server-row').filter({ hasText: SERVER_NAME });
    await row.getByTestId('server-actions-menu-button').click();
    await page.getByTestId('server-install-button').click();
    const command = page.getByTestId('agent-install-command');
    await command.waitFor();
    expect(await command.inputValue()).toMatch(
      new RegExp(
        `^curl -fsSL '${server.url}/agent/install\\.sh' \\| sudo sh -s -- --panel '${server.url}' --token ld2\\.\\d+\\.\\d+\\.[\\w-]{16}\\.[\\w-]{43}$`,
      ),
    );
    expect(await page.getByTestId('agent-update-command').inputValue()).toContain('--update');
    expect(await page.getByTestId('agent-uninstall-command').inputValue()).toContain('--uninstall');
    await page.getByTestId('agent-install-command-copy').click();
    await page.getByTestId('agent-install-command-copy').filter({ hasText: 'Copied' }).waitFor();
    await shot('servers-install-agent');
    // Then the button offers to copy again, as every copy button does.
    await page
      .getByTestId('agent-install-command-copy')
      .filter({ hasText: /^Copy$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('agent-install-dialog').waitFor({ state: 'detached' });
  });

  it('the test API page shows the request and the agent answer, and really adds a line', async () => {
    await page.goto(`${server.url}/cccam-servers/test-api`);
    await page.getByTestId('agent-server-select').filter({ hasText: SERVER_NAME }).waitFor();

    await page.getByTestId('agent-endpoint-select').click();
    await page.getByTestId('agent-endpoint-option-root').click();
    await page.getByTestId('agent-send').click();
    await page.getByTestId('agent-response-status').waitFor();
    expect(await page.getByTestId('agent-response-status').getAttribute('data-status')).toBe('200');
    expect(await page.getByTestId('agent-request-method').textContent()).toBe('GET');
    expect(await page.getByTestId('agent-request-url').textContent()).toBe(`${agent.url}/`);
    expect(JSON.parse((await page.getByTestId('agent-response-body').textContent()) ?? '')).toMatchObject({
      version: AGENT_VERSION,
      backend: 'cccam',
    });

    await page.getByTestId('agent-endpoint-select').click();
    await page.getByTestId('agent-endpoint-option-add-user').click();
    await page.getByTestId('field-username').fill('e2eline');
    await page.getByTestId('field-password').fill('line-pass-1');
    await page.getByTestId('field-expiryDate').fill('31-12-2099');
    await page.getByTestId('agent-send').click();
    await page.getByTestId('agent-request-url').filter({ hasText: '/add-user' }).waitFor();
    expect(await page.getByTestId('agent-request-method').textContent()).toBe('POST');
    expect(await page.getByTestId('agent-response-status').getAttribute('data-status')).toBe('200');
    expect(JSON.parse((await page.getByTestId('agent-request-body').textContent()) ?? '')).toEqual({
      username: 'e2eline',
      password: 'line-pass-1',
      expiryDate: '31-12-2099',
    });
    expect(await readFile(agent.configFile, 'utf8')).toMatch(/^F: e2eline line-pass-1 /m);

    // The agent's own validation is what the operator sees.
    await page.getByTestId('agent-endpoint-select').click();
    await page.getByTestId('agent-endpoint-option-edit-user').click();
    await page.getByTestId('field-username').fill('e2eline');
    await page.getByTestId('agent-send').click();
    await page.getByTestId('agent-request-url').filter({ hasText: '/edit-user' }).waitFor();
    expect(await page.getByTestId('agent-response-status').getAttribute('data-status')).toBe('400');
    expect(await page.getByTestId('agent-response-body').textContent()).toContain(
      'At least one field to update (password or expiry date) is required',
    );
    await shot('servers-test-api');
  });

  it('with the agent stopped, the check shows the connection error and the server turns error', async () => {
    await agent.stop();
    await runCheck();
    const row = page.locator('[data-testid="check-row"][data-state="done"]').filter({ hasText: SERVER_NAME });
    expect(await row.getByTestId('server-status').getAttribute('data-status')).toBe('error');
    expect(await row.getByTestId('check-health').getAttribute('data-ok')).toBe('false');
    expect(await row.getByTestId('check-message').textContent()).toMatch(/^Failed to connect to server: \S/);
    await shot('servers-check-error');

    await page.goto(`${server.url}/cccam-servers/manage`);
    const listed = page.getByTestId('server-row').filter({ hasText: SERVER_NAME });
    await listed.locator('[data-status="error"]').waitFor();
    expect(await listed.getByTestId('server-last-error').textContent()).toMatch(
      /^Failed to connect to server: \S/,
    );
    await shot('servers-manage-error');

    await page.goto(`${server.url}/cccam-servers/test-api`);
    await page.getByTestId('agent-server-select').filter({ hasText: SERVER_NAME }).waitFor();
    await page.getByTestId('agent-send').click();
    await page.getByTestId('agent-error').waitFor();
    expect(await page.getByTestId('agent-error').textContent()).toContain('Failed to connect to server: ');
  });
});
