import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { POLL, setLanguage, signInContext } from '../support/page-helpers.js';

/**
 * A fresh panel's first admin: the setup guide asks whether anyone may sign up (open by default),
 * and offers the command to run a line agent on this machine for trying the panel out. On a phone
 * in German and on a desktop in English.
 */

let server: AppServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(width: number, language: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await signInContext(context, server.url, ADMIN);
  const page = await context.newPage();
  await setLanguage(page, server.url, language);
  await page.getByTestId('setup-guide').waitFor(POLL);
  return page;
}

async function signUpLinkShown(width: number): Promise<boolean> {
  const context = await browser.newContext({ viewport: { width, height: 844 }, locale: 'en-US' });
  const guest = await context.newPage();
  // The page asks the server once as it loads: waited for from before the page opens, since a wait
  // that begins after the answer came sits out its whole time (60 s) and then looks anyway.
  const answered = guest.waitForResponse((r) => r.url().endsWith('/api/sign-up-settings'), POLL);
  await guest.goto(`${server.url}/sign-in`);
  await guest.getByTestId('sign-in-form').waitFor(POLL);
  // Until the server's answer is read the link keeps its place unseen: no page shows it before then.
  const shownAtOnce = await guest.getByTestId('sign-up-offer').isVisible();
  const { open } = (await (await answered).json()) as { open: boolean };
  if (!open) expect(shownAtOnce).toBe(false);
  await guest.getByTestId('sign-up-offer').waitFor({ ...POLL, state: open ? 'visible' : 'detached' });
  await context.close();
  return open;
}

describe('the setup guide on a fresh panel', () => {
  it('at 1440 px in English: offers the local agent command and closes sign-up, which the sign-in page then hides', async () => {
    expect(await signUpLinkShown(1440)).toBe(true);
    const page = await adminPage(1440, 'en');
    const step = page.getByTestId('setup-step-sign_up');
    expect(await step.getAttribute('data-done')).toBe('false');
    expect(await step.getByText('Choose who can sign up').count()).toBe(1);
    expect(await page.getByTestId('sign-up-state').textContent()).toContain('anyone can create an account');

    // The server step offers an agent on this machine: the exact command with a fresh password.
    await page.getByTestId('local-agent-offer').click();
    const command = (await page.getByTestId('local-agent-command').textContent()) ?? '';
    const password = (await page.getByTestId('local-agent-password').textContent()) ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(command).toContain(`AGENT_PASSWORD='${password}'`);
    expect(command).toContain('AGENT_HOST=127.0.0.1');
    expect(command).toMatch(/npm run agent$/);
    expect(await page.getByTestId('local-agent').textContent()).toContain('API port 3000, username panel');

    await page.getByTestId('sign-up-close').click();
    await page.locator('[data-testid="setup-step-sign_up"][data-done="true"]').waitFor(POLL);
    await page.getByText('Sign-up is closed: only you and your resellers create accounts.').waitFor(POLL);
    expect(await signUpLinkShown(390)).toBe(false);
    // Nobody gets round the hidden link: the server refuses sign-up itself.
    const refused = await fetch(`${server.url}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'late-visitor@example.com', password: 'user-password-1' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SIGN_UP_CLOSED');
    await page.context().close();
  });

  it('at 390 px in German: the question and the offer are translated, and opening sign-up shows the link again', async () => {
    const page = await adminPage(390, 'de');
    const step = page.getByTestId('setup-step-sign_up');
    await step.getByText('Festlegen, wer sich registrieren darf').waitFor(POLL);
    await page.getByText('Die Registrierung ist geschlossen').waitFor(POLL);
    const offer = page.getByTestId('local-agent-offer');
    expect(await offer.textContent()).toContain('Agenten auf diesem Rechner');
    await offer.click();
    await page.getByTestId('local-agent-command').waitFor(POLL);
    // The command fits the phone's width: it wraps instead of widening the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByTestId('sign-up-keep-open').click();
    await page
      .getByText('Derzeit kann jeder auf der Registrierungsseite ein Konto anlegen', { exact: false })
      .waitFor(POLL);
    expect(await signUpLinkShown(1440)).toBe(true);

    // Once the guide is done the same choice stays in Settings, where the sign-up notice points.
    await page.goto(`${server.url}/settings/panel`);
    const card = page.getByTestId('sign-up-settings-card');
    await card.getByText('Festlegen, wer sich registrieren darf').waitFor(POLL);
    await card
      .getByText('Derzeit kann jeder auf der Registrierungsseite ein Konto anlegen', { exact: false })
      .waitFor(POLL);
    await page.context().close();
  });
});
