import { formatDate, formatDateTime, LANGUAGE_STORAGE_KEY, toDisplayDate } from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { POLL, visit } from '../support/page-helpers.js';
import { startResellerScenario, type ResellerScenario } from '../support/reseller-scenario.js';

/**
 * The smaller defects of the screens at desktop size (1440×900), as an admin and as a reseller: the
 * admin's side navigation, a closed ticket, a ticket that does not exist, the line page's dates and
 * the pricing tab's count. (The console, axe-core and the heading order of every page: every-route.)
 */

const RESELLER = { email: 'polish.reseller@example.com', password: 'reseller-password-1', name: 'Ana Lima' };
const DESKTOP = { width: 1440, height: 900 };

let scenario: ResellerScenario;
let resellerApi: ApiSession;
let lineId = 0;
let ticketId = 0;
beforeAll(async () => {
  scenario = await startResellerScenario({ serverName: 'Polish agent', reseller: RESELLER, credits: 10 });
  resellerApi = apiSession(scenario.server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  const created = await resellerApi.request<{ line: { id: number } }>('POST', '/api/lines', {
    username: 'polish-tv',
    password: 'Polish-Pass-42',
    subscription_months: 1,
  });
  lineId = created.line.id;
  const ticket = await resellerApi.request<{ id: number }>('POST', '/api/tickets', {
    title: 'Receiver freezes every evening',
    description: 'The picture stops at about eight.',
  });
  ticketId = ticket.id;
  await scenario.adminApi.request('POST', `/api/tickets/${ticketId}/replies`, { content: 'Fixed, closing.' });
  await scenario.adminApi.request('PATCH', `/api/tickets/${ticketId}`, { status: 'closed' });
});

afterAll(async () => {
  await scenario?.stop();
});

describe('the screens at desktop size', () => {
  it("the admin's side navigation shows the support pages and Products without scrolling", async () => {
    const admin = scenario.admin;
    await visit(admin, '/');
    const nav = admin.getByTestId('nav-desktop');
    for (const entry of ['nav-tickets', 'nav-knowledgeBase', 'nav-contactUs', 'nav-products']) {
      const box = await nav.getByTestId(entry).boundingBox();
      expect(box, entry).not.toBeNull();
      expect(box!.y + box!.height, entry).toBeLessThanOrEqual(DESKTOP.height);
    }
    // The spec's admin-only Create Message entry stays, in Management, below the support pages.
    const create = await nav.getByTestId('nav-createMessage').boundingBox();
    const products = await nav.getByTestId('nav-products').boundingBox();
    expect(create!.y).toBeGreaterThan(products!.y);
    expect(await nav.getByTestId('nav-announcements').count()).toBe(1);
  });

  it('a closed ticket offers Reopen instead of a reply box; reopening brings the reply box back', async () => {
    for (const page of [scenario.reseller, scenario.admin]) {
      await visit(page, `/tickets/${ticketId}`);
      await page.getByTestId('ticket-closed-notice').waitFor(POLL);
      expect(await page.getByTestId('ticket-reply-form').count()).toBe(0);
      expect(await page.getByTestId('ticket-reopen').count()).toBe(1);
    }
    await scenario.reseller.getByTestId('ticket-reopen').click();
    await scenario.reseller.getByTestId('ticket-reply-form').waitFor(POLL);
    expect(await scenario.reseller.getByTestId('ticket-reopen').count()).toBe(0);
    await scenario.admin.getByTestId('ticket-reply-form').waitFor(POLL);
  });

  it('a reply written while the ticket gets closed stays, with the refusal, until the ticket is reopened', async () => {
    const page = scenario.reseller;
    const ticket = await resellerApi.request<{ id: number }>('POST', '/api/tickets', {
      title: 'Remote control pairing lost',
      description: 'The remote stopped pairing after a power cut.',
    });
    await visit(page, `/tickets/${ticket.id}`);
    const draft = 'It works again after a second restart.';
    await page.getByTestId('ticket-reply-content').fill(draft);
    await scenario.adminApi.request('PATCH', `/api/tickets/${ticket.id}`, { status: 'closed' });
    // The live event closes it on screen: the draft stays, cannot be sent, and says why.
    await page.getByTestId('ticket-reopen').waitFor(POLL);
    const refusal = page.getByTestId('ticket-reply-error');
    await refusal.waitFor(POLL);
    expect(await refusal.textContent()).toBe('This ticket is closed. Reopen it to reply');
    expect(await page.getByTestId('ticket-reply-content').inputValue()).toBe(draft);
    expect(await page.getByTestId('ticket-reply-submit').isDisabled()).toBe(true);
    // The server refuses it too, whatever the screen shows.
    await expect(
      resellerApi.request('POST', `/api/tickets/${ticket.id}/replies`, { content: draft }),
    ).rejects.toThrow(/answered 409: .*TICKET_CLOSED/);

    await page.getByTestId('ticket-reopen').click();
    await expect.poll(() => page.getByTestId('ticket-reply-submit').isEnabled(), POLL).toBe(true);
    expect(await refusal.count()).toBe(0);
    await page.getByTestId('ticket-reply-submit').click();
    await page.getByTestId('ticket-reply').filter({ hasText: draft }).waitFor(POLL);
  });

  it('a ticket that does not exist gets a page with a heading and a way back', async () => {
    const page = scenario.reseller;
    await visit(page, '/tickets/999999');
    expect(await page.locator('main h1').textContent()).toBe('Ticket not found');
    await page.getByTestId('ticket-back').click();
    await page.waitForURL(/\/tickets$/);
  });

  it("the line page writes its dates one way per language (the expiry the spec's DD-MM-YYYY)", async () => {
    const page = scenario.reseller;
    const line = await resellerApi.request<{
      created_at: string;
      synced_at: string | null;
      expiry_date: string;
    }>('GET', `/api/lines/${lineId}`);
    expect(line.synced_at).not.toBeNull();
    const history = await resellerApi.request<{ items: { created_at: string }[] }>(
      'GET',
      `/api/lines/${lineId}/events`,
    );
    try {
      for (const language of ['en', 'de', 'pl', 'pt'] as const) {
        await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
          LANGUAGE_STORAGE_KEY,
          language,
        ] as const);
        await page.goto(`${scenario.server.url}/users/edit/${lineId}`);
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language, POLL);
        await page.getByTestId('line-created').waitFor(POLL);
        // The history is read on its own, after the line: its rows may come after the dates above.
        await page
          .getByTestId('line-event')
          .nth(history.items.length - 1)
          .waitFor(POLL);
        expect(await page.getByTestId('line-created').textContent()).toBe(
          formatDate(line.created_at, language),
        );
        expect(await page.getByTestId('line-synced-at').textContent()).toBe(
          formatDateTime(line.synced_at, language),
        );
        const main = (await page.locator('main').textContent()) ?? '';
        for (const event of history.items) expect(main).toContain(formatDateTime(event.created_at, language));
        expect(main).toContain(toDisplayDate(line.expiry_date));
      }
    } finally {
      await page.evaluate((key) => window.localStorage.setItem(key, 'en'), LANGUAGE_STORAGE_KEY);
    }
  });

  it("the Payments entry's count of open requests sits beside its label, not on it", async () => {
    const pack = await scenario.adminApi.request<{ id: number }>('POST', '/api/credit-packages', {
      name: 'Polish Starter',
      credits: 20,
      price_cents: 999,
    });
    await resellerApi.request('POST', '/api/topups', { package_id: pack.id, payment_reference: 'TX-1' });
    const admin = scenario.admin;
    await visit(admin, '/payments/pricing');
    const entry = admin.getByTestId('nav-payments').first();
    const badge = admin.getByTestId('nav-payments-badge').first();
    await badge.filter({ hasText: '1' }).waitFor(POLL);
    const label = await entry.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && node.nodeValue?.trim() !== 'Payments') node = walker.nextNode();
      const range = document.createRange();
      range.selectNodeContents(node!);
      const box = range.getBoundingClientRect();
      return { right: box.right };
    });
    const count = (await badge.boundingBox())!;
    expect(count.x).toBeGreaterThanOrEqual(label.right);
    // The whole count stays inside the entry.
    const entryBox = (await entry.boundingBox())!;
    expect(count.x + count.width).toBeLessThanOrEqual(entryBox.x + entryBox.width);
  });
});
