import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { submitSignIn } from '../support/page-helpers.js';

let server: AppServer;
let browser: Browser;
let admin: Page;
let user: Page;
let ticketUrl = '';

const USER = { email: 'support.user@example.com', password: 'support-password-1' };
const TITLE = 'Line does not connect';
const DESCRIPTION = 'My line stopped working this morning.\nThe receiver shows "no card".';
const ADMIN_REPLY = 'We are looking into it: the card server restarted.';
/** expect.poll gives up after 1 s by default; a page load on a busy machine can take longer. */
const POLL = { timeout: 30_000 };
/** Set to a directory to keep a screenshot of each page (for looking at the layout). */
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (the server checks the type from the bytes): a green square with a white diagonal. */
function squarePng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) rows.push(...(x === y ? [255, 255, 255] : [0, 167, 111]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  return context.newPage();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  admin = await newPage();
  await submitSignIn(admin, server.url, ADMIN);
  await admin.getByTestId('welcome-card').waitFor();

  user = await newPage();
  const signUp = await user.context().request.post(`${server.url}/api/auth/sign-up`, {
    data: { email: USER.email, password: USER.password },
  });
  expect(signUp.status()).toBe(201);
  await user.goto(await server.confirmationLink(USER.email));
  await user.getByTestId('welcome-card').waitFor();
});
afterEach(async ({ task }) => {
  // A failing step leaves a picture of both sides behind.
  if (task.result?.state === 'fail') {
    await shot(user, `failed-${task.name.slice(0, 40)}-user`);
    await shot(admin, `failed-${task.name.slice(0, 40)}-admin`);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('support tickets in two browsers', () => {
  it('the user opens a ticket from the navigation', async () => {
    await user.getByTestId('nav-tickets').first().click();
    await user.waitForURL(/\/tickets$/);
    await user.getByTestId('tickets-empty').waitFor();
    // /support leads to the same list.
    await user.goto(`${server.url}/support`);
    await user.waitForURL(/\/tickets$/);
    await user.getByTestId('ticket-new-button').click();
    await user.waitForURL(/\/tickets\/new$/);

    // The browser refuses an empty form with the field texts.
    await user.getByTestId('ticket-form-submit').click();
    // The form's check runs asynchronously (its schema resolver): the texts come a render later.
    await user.getByText('This field is required').nth(1).waitFor(POLL);
    expect(await user.getByText('This field is required').count()).toBe(2);

    await user.getByTestId('field-title').fill(TITLE);
    await user.getByTestId('priority-select').click();
    await user.getByTestId('priority-option-high').click();
    await user.getByTestId('category-select').click();
    await user.getByTestId('category-option-technical').click();
    await user.getByTestId('field-description').fill(DESCRIPTION);
    await shot(user, 'support-ticket-new');
    await user.getByTestId('ticket-form-submit').click();

    await user.waitForURL(/\/tickets\/\d+$/);
    ticketUrl = user.url();
    expect(await user.getByTestId('ticket-heading').textContent()).toBe(TITLE);
    expect(await user.getByTestId('ticket-status').first().getAttribute('data-status')).toBe('open');
    expect(await user.getByTestId('ticket-priority').getAttribute('data-priority')).toBe('high');
    expect(await user.getByTestId('ticket-category').getAttribute('data-category')).toBe('technical');
    const description = user.getByTestId('ticket-description');
    expect(await description.getByTestId('ticket-message-content').textContent()).toBe(DESCRIPTION);
    expect(await user.getByTestId('ticket-reply').count()).toBe(0);
  });

  it('the admin sees it unread, replies, and the ticket turns in_progress; the user sees the reply live', async () => {
    // Proves the user's page is never reloaded: a reload would drop this flag.
    await user.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await admin.goto(`${server.url}/tickets`);
    const row = admin.getByTestId('ticket-row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.getAttribute('data-unread')).toBe('true');
    expect(await row.getByTestId('ticket-owner').textContent()).toBe(USER.email);
    expect(await row.getByTestId('ticket-status').getAttribute('data-status')).toBe('open');
    expect(await admin.getByTestId('nav-tickets-badge').first().textContent()).toBe('1');
    await shot(admin, 'support-tickets-admin');

    // Filter chips narrow the list by the ticket's fields.
    await admin.getByTestId('ticket-filter-status-closed').click();
    await admin.getByTestId('tickets-empty').waitFor();
    await admin.getByTestId('ticket-filter-status-open').click();
    await admin.getByTestId('ticket-filter-priority-high').click();
    await row.waitFor();
    await admin.getByTestId('ticket-filter-clear').click();

    await row.getByTestId('ticket-title').click();
    await admin.waitForURL(ticketUrl);
    await admin.getByTestId('ticket-admin-controls').waitFor();
    // Opening it marks it read for the admins: the badge goes away.
    await admin.getByTestId('nav-tickets-badge').waitFor({ state: 'detached' });

    await admin.getByTestId('ticket-reply-content').fill(ADMIN_REPLY);
    await admin.getByTestId('ticket-reply-submit').click();
    const adminSide = admin.getByTestId('ticket-reply').filter({ hasText: ADMIN_REPLY });
    await adminSide.waitFor();
    await admin.locator('[data-testid="ticket-status"][data-status="in_progress"]').first().waitFor();

    // The user's open page shows the reply, marked as from support, and the new status.
    const userSide = user.getByTestId('ticket-reply').filter({ hasText: ADMIN_REPLY });
    await userSide.waitFor({ timeout: 20_000 });
    expect(await userSide.getAttribute('data-author')).toBe('admin');
    expect(await userSide.getByTestId('ticket-message-admin').count()).toBe(1);
    await user.locator('[data-testid="ticket-status"][data-status="in_progress"]').first().waitFor();
    expect(await user.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it('the user attaches a PNG to a reply; both sides see the image, served by the API', async () => {
    const input = user.getByTestId('ticket-attachment-input');
    // The browser refuses a wrong type or an oversized file before uploading.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await user.getByTestId('ticket-attachment-problem').textContent()).toContain(
      'Only images (PNG, JPEG, GIF, WebP) and PDF files can be attached.',
    );
    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    expect(await user.getByTestId('ticket-attachment-problem').textContent()).toContain(
      'The file is larger than 5 MB.',
    );

    await input.setInputFiles({ name: 'receiver.png', mimeType: 'image/png', buffer: squarePng(64) });
    await user.getByTestId('ticket-attachment-chosen').waitFor();
    expect(await user.getByTestId('ticket-attachment-problem').count()).toBe(0);
    await user.getByTestId('ticket-reply-content').fill('Here is what the receiver shows.');
    await user.getByTestId('ticket-reply-submit').click();

    const reply = user.getByTestId('ticket-reply').filter({ hasText: 'Here is what the receiver shows.' });
    await reply.waitFor();
    expect(await reply.getAttribute('data-author')).toBe('user');
    const image = reply.getByTestId('ticket-attachment-image');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/api\/tickets\/\d+\/attachments\/[^/]+$/);
    // The image really loaded (decoded 64×64), so the API served it to the owner.
    await user.waitForFunction(
      (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth === 64,
      await image.elementHandle(),
    );
    await shot(user, 'support-ticket-conversation');

    // The admin's open page gets it live too.
    const adminImage = admin
      .getByTestId('ticket-reply')
      .filter({ hasText: 'Here is what the receiver shows.' })
      .getByTestId('ticket-attachment-image');
    await adminImage.waitFor({ timeout: 20_000 });
    await admin.waitForFunction(
      (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth === 64,
      await adminImage.elementHandle(),
    );
    await shot(admin, 'support-ticket-admin');
  });

  it('the owner closes and reopens the ticket', async () => {
    await user.getByTestId('ticket-close').click();
    await user.getByTestId('ticket-closed-notice').waitFor();
    expect(await user.getByTestId('ticket-status').first().getAttribute('data-status')).toBe('closed');
    await admin.locator('[data-testid="ticket-status"][data-status="closed"]').first().waitFor();
    await user.getByTestId('ticket-reopen').click();
    await user.locator('[data-testid="ticket-status"][data-status="open"]').first().waitFor();
  });

  it('the admin sees the ticket system status page; the user meets the admin guard there', async () => {
    await admin.goto(`${server.url}/tickets/setup`);
    const result = admin.getByTestId('setup-result');
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await admin.getByTestId('setup-database').textContent()).toBe('Embedded (PGlite)');
    expect(Number(await admin.getByTestId('setup-migrations').textContent())).toBeGreaterThan(0);
    expect(await admin.getByTestId('setup-schema-version').textContent()).toMatch(/^\d{4}_/);
    const steps = admin.getByTestId('setup-step');
    expect(await steps.count()).toBeGreaterThanOrEqual(4);
    for (const step of await steps.all()) {
      expect(await step.getAttribute('data-ok')).toBe('true');
      expect(await step.getByTestId('setup-step-duration').textContent()).toMatch(/^\d+(\.\d)? ms$/);
    }
    // Running it again runs the self-test again: a new check time.
    const checkedAt = await admin.getByTestId('setup-checked-at').getAttribute('data-checked-at');
    await admin.getByTestId('setup-run-again').click();
    await admin.waitForFunction(
      (before) =>
        document.querySelector('[data-testid="setup-checked-at"]')?.getAttribute('data-checked-at') !==
        before,
      checkedAt,
    );
    await shot(admin, 'support-setup');

    await user.goto(`${server.url}/tickets/setup`);
    await user.getByTestId('admin-guard').waitFor();
  });
});

describe('knowledge base and contact pages', () => {
  it('an admin writes a Markdown article; the user reads it rendered, without its script', async () => {
    await admin.goto(`${server.url}/support/knowledge-base`);
    await admin.getByTestId('kb-empty').waitFor();
    await admin.getByTestId('kb-new-category').click();
    await admin.getByTestId('field-name').fill('Getting started');
    await admin.getByTestId('kb-category-submit').click();
    // The toast that says so shows over the page's buttons, and a pointer resting on it keeps it
    // there (a loaded run's click on New article waited behind it for 110 s): closed, as a user would.
    const created = admin.getByTestId('snackbar').filter({ hasText: 'Category created' });
    await created.getByRole('button').click();
    await created.waitFor({ state: 'detached' });
    await admin.getByTestId('kb-new-article').click();
    await admin.getByTestId('field-title').fill('Set up your receiver');
    await admin
      .getByTestId('field-body')
      .fill(
        '## Steps\n\n1. Open **Settings**\n2. Enter the line\n\n| Port | Use |\n|---|---|\n| 12000 | CCcam |\n\n<script>window.injected = true</script><img src=x onerror="window.injected = true">',
      );
    // The live preview renders the Markdown as it is typed.
    await admin.getByTestId('kb-preview').locator('table td', { hasText: '12000' }).waitFor();
    await admin.getByTestId('kb-published-switch').check();
    await shot(admin, 'support-kb-editor');
    await admin.getByTestId('kb-article-submit').click();
    await admin.getByTestId('kb-article-row').filter({ hasText: 'Set up your receiver' }).waitFor();

    await admin.getByTestId('kb-article-submit').waitFor({ state: 'detached' });
    await admin.getByTestId('kb-new-article').click();
    await admin.getByTestId('field-title').fill('Billing questions');
    await admin.getByTestId('field-body').fill('Credits are **never** refunded.');
    await admin.getByTestId('kb-published-switch').check();
    await admin.getByTestId('kb-article-submit').click();
    const titles = () => admin.getByTestId('kb-article-link').allTextContents();
    await admin.getByTestId('kb-article-row').filter({ hasText: 'Billing questions' }).waitFor();
    expect(await titles()).toEqual(['Set up your receiver', 'Billing questions']);
    // Reorder with the arrows.
    await admin
      .getByTestId('kb-article-row')
      .filter({ hasText: 'Billing questions' })
      .getByTestId('kb-move-up')
      .click();
    await expect.poll(titles, POLL).toEqual(['Billing questions', 'Set up your receiver']);
    await shot(admin, 'support-kb-admin');

    // A category with articles cannot be deleted (the server's reason is shown); an empty one can.
    const categoryCard = (name: string) => admin.getByTestId('kb-category').filter({ hasText: name });
    await categoryCard('Getting started').getByTestId('kb-category-delete').click();
    await admin.getByTestId('confirm-button').click();
    expect(await admin.getByTestId('kb-category-delete-error').textContent()).toBe(
      'Cannot delete a category that still has articles',
    );
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByTestId('kb-new-category').click();
    await admin.getByTestId('field-name').fill('Old notes');
    await admin.getByTestId('kb-category-submit').click();
    await categoryCard('Old notes').waitFor();
    await categoryCard('Old notes').getByTestId('kb-category-delete').click();
    await admin.getByTestId('confirm-button').click();
    await categoryCard('Old notes').waitFor({ state: 'detached' });

    await user.goto(`${server.url}/support/knowledge-base`);
    await expect
      .poll(() => user.getByTestId('kb-article-link').allTextContents(), POLL)
      .toEqual(['Billing questions', 'Set up your receiver']);
    await user.getByTestId('kb-search').fill('receiver');
    await expect
      .poll(() => user.getByTestId('kb-article-link').allTextContents(), POLL)
      .toEqual(['Set up your receiver']);
    await user.getByTestId('kb-article-link').click();
    const body = user.getByTestId('kb-article-body');
    await body.locator('h2', { hasText: 'Steps' }).waitFor();
    expect(await body.locator('strong').textContent()).toBe('Settings');
    expect(await body.locator('td').first().textContent()).toBe('12000');
    expect(await body.locator('script, img').count()).toBe(0);
    expect(await user.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await shot(user, 'support-kb-article');
  });

  it('an admin sets the contact details; the user sees them and the Quick Contact form opens a ticket', async () => {
    await admin.goto(`${server.url}/support/contact-us`);
    await admin.getByTestId('contact-empty').waitFor();
    await admin.getByTestId('contact-edit').click();
    await admin.getByTestId('field-email').fill('help@example.com');
    await admin.getByTestId('field-telegram').fill('@linedesk_help');
    await admin.getByTestId('field-whatsapp').fill('+351 912 345 678');
    await admin.getByTestId('field-hours').fill('Mon–Fri 9:00–18:00');
    await admin.getByTestId('contact-details-submit').click();
    await admin.getByTestId('contact-email').waitFor();

    await user.goto(`${server.url}/contact`);
    expect(await user.getByTestId('contact-email').textContent()).toBe('help@example.com');
    expect(await user.getByTestId('contact-telegram').locator('a').getAttribute('href')).toBe(
      'https://t.me/linedesk_help',
    );
    expect(await user.getByTestId('contact-whatsapp').locator('a').getAttribute('href')).toBe(
      'https://wa.me/351912345678',
    );
    expect(await user.getByTestId('contact-hours').textContent()).toBe('Mon–Fri 9:00–18:00');
    expect(await user.getByTestId('contact-edit').count()).toBe(0);

    await user.getByTestId('field-subject').fill('Invoice copy');
    await user.getByTestId('field-message').fill('Please send me last month’s invoice.');
    await shot(user, 'support-contact');
    await user.getByTestId('contact-form-submit').click();
    await user.waitForURL(/\/tickets\/\d+$/);
    expect(await user.getByTestId('ticket-heading').textContent()).toBe('Invoice copy');

    await user.getByTestId('nav-tickets').first().click();
    await expect.poll(() => user.getByTestId('ticket-row').count(), POLL).toBe(2);
    await shot(user, 'support-tickets-user');
  });

  it('the user turns off ticket reply mails in /settings and the choice is kept', async () => {
    await user.goto(`${server.url}/settings/account`);
    const toggle = user.getByTestId('ticket-reply-mail-switch');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await user.getByTestId('snackbar').filter({ hasText: 'Preference saved' }).waitFor();
    await user.reload();
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
  });
});
