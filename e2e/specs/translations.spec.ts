import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentServer, startLineAgent, type LineAgent } from '../support/agent.js';
import { apiSession, type ApiSession } from '../support/api-session.js';
import { ADMIN, startAppServer, type AppServer } from '../support/app-server.js';
import { launchBrowser } from '../support/browser.js';
import { PAGES_OF_EVERY_ROLE } from '../support/main-pages.js';
import {
  accountId,
  setLanguage as setPageLanguage,
  signInContext,
  signUpConfirmed,
  visit,
} from '../support/page-helpers.js';

/**
 * No English left on the main pages in German, Polish and Portuguese: every visible text (and every
 * accessible name, placeholder and tooltip) is compared with the English locale's texts. A text that
 * is an English text, and not also that language's own text for something, is a leftover.
 */

type Role = 'admin' | 'reseller' | 'user';
type Language = 'de' | 'pl' | 'pt';

const LANGUAGES: Language[] = ['de', 'pl', 'pt'];
const RESELLER = { email: 'reseller.i18n@example.com', password: 'reseller-password-1', name: 'Rita Reis' };
const USER = { email: 'user.i18n@example.com', password: 'user-password-1', name: 'Uwe Ullrich' };
/** Names, units and data that read the same in every language. */
const ALLOWED = new Set([
  'Linedesk',
  'CCcam',
  'NewCamd',
  'OSCam',
  'Telegram',
  'WhatsApp',
  'API',
  'CSV',
  'Admin',
  'Reseller',
  'Info',
  'OK',
  'Online',
  // The language menu names each language in itself.
  'English',
  'Deutsch',
  'Polski',
  'Português',
]);

const shared = [
  ...PAGES_OF_EVERY_ROLE,
  // After another page: it shares its component with /support/contact-us.
  '/contact',
];
const routes: Record<Role, string[]> = {
  user: shared,
  reseller: [...shared, '/users/all', '/users/add'],
  admin: [
    ...shared,
    '/users/all',
    '/users/add',
    '/manage-groups',
    '/resellers',
    '/settings/panel',
    '/payments/pricing?tab=packages',
    '/cccam-servers/manage',
    '/payments/pricing?tab=requests',
    '/cccam-servers/add',
    '/cccam-servers/check',
    '/cccam-servers/test-api',
    '/system-status',
    '/messages/create',
  ],
};

type Tree = { [key: string]: string | Tree };
type Texts = { exact: Set<string>; patterns: RegExp[] };

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');

function flatten(tree: Tree, into: string[] = []): string[] {
  for (const value of Object.values(tree)) {
    if (typeof value === 'string') into.push(value);
    else flatten(value, into);
  }
  return into;
}

/** Every text of one language: the core file and each area's file. */
async function localeTexts(language: string): Promise<Texts> {
  const files = [path.join(localesDir, `${language}.json`)];
  for (const entry of await readdir(localesDir, { withFileTypes: true })) {
    if (entry.isDirectory()) files.push(path.join(localesDir, entry.name, `${language}.json`));
  }
  const values = (
    await Promise.all(files.map(async (file) => flatten(JSON.parse(await readFile(file, 'utf8')) as Tree)))
  ).flat();
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const raw of values) {
    // Markup of <Trans> texts is not what the page shows.
    const value = raw.replace(/<\/?\w+>/g, '').trim();
    if (!/\{\{/.test(value)) {
      exact.add(value);
      continue;
    }
    // A text with parameters: only its words say which language it is in.
    const literal = value.replace(/\{\{[^}]+\}\}/g, '');
    if ((literal.match(/\p{L}/gu) ?? []).length < 4) continue;
    const source = value
      .split(/\{\{[^}]+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      // A parameter is one word or figure (a count, a date, an email), so a pattern cannot swallow a sentence.
      .join('\\S+?');
    patterns.push(new RegExp(`^${source}$`, 's'));
  }
  return { exact, patterns };
}

function isIn(texts: Texts, text: string): boolean {
  return texts.exact.has(text) || texts.patterns.some((pattern) => pattern.test(text));
}

let server: AppServer;
let browser: Browser;
let agent: LineAgent;
let adminApi: ApiSession;
let english: Texts;
const contexts = new Map<Role, BrowserContext>();
const pages = new Map<Role, Page>();
const credentials: Record<Role, { email: string; password: string }> = {
  admin: ADMIN,
  reseller: RESELLER,
  user: USER,
};

async function signUp(account: { email: string; password: string; name: string }): Promise<string> {
  await signUpConfirmed(server, account);
  return accountId(adminApi, account.email);
}

const setLanguage = (target: Page, language: Language) => setPageLanguage(target, server.url, language);

/** What a reader sees or hears on the page: visible text nodes, accessible names, placeholders, tooltips. */
function shownTexts(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || parent.closest('script, style, title, [aria-hidden="true"]')) continue;
      if (visible(parent)) texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (!visible(element) || element.closest('[aria-hidden="true"]')) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

beforeAll(async () => {
  [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  english = await localeTexts('en');
  adminApi = apiSession(server.url);
  await adminApi.signIn(ADMIN.email, ADMIN.password);
  await addAgentServer(adminApi, agent, 'Translations agent');
  await adminApi.request('POST', '/api/credit-packages', { name: 'Starter', credits: 50, price_cents: 4000 });
  const [resellerId] = await Promise.all([signUp(RESELLER), signUp(USER)]);
  await adminApi.request('POST', `/api/accounts/${resellerId}/credits`, { amount: 20 });
  const resellerApi = apiSession(server.url);
  await resellerApi.signIn(RESELLER.email, RESELLER.password);
  await resellerApi.request('POST', '/api/lines', {
    username: 'living-room',
    password: 'Living-Room-7',
    subscription_months: 1,
  });
  const userApi = apiSession(server.url);
  await userApi.signIn(USER.email, USER.password);
  await userApi.request('POST', '/api/tickets', { title: 'Kein Bild', description: 'Schwarzer Bildschirm.' });
  await adminApi.request('POST', '/api/messages', {
    title: 'Wartung',
    content: 'Heute Nacht.',
    is_global: true,
  });

  await Promise.all(
    (['admin', 'reseller', 'user'] as const).map(async (role) => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
      await signInContext(context, server.url, credentials[role]);
      contexts.set(role, context);
      const target = await context.newPage();
      await target.goto(`${server.url}/`);
      pages.set(role, target);
    }),
  );
});

afterAll(async () => {
  await browser?.close();
  await agent?.stop();
  await server?.stop();
});

describe('no English left on the main pages', () => {
  for (const language of LANGUAGES) {
    it(`${language}: every role's main pages`, async () => {
      const own = await localeTexts(language);
      const leftovers = new Set<string>();
      await Promise.all(
        (['admin', 'reseller', 'user'] as const).map(async (role) => {
          const target = pages.get(role)!;
          await setLanguage(target, language);
          for (const route of routes[role]) {
            try {
              await visit(target, route);
            } catch (error) {
              leftovers.add(`${route}: never finished drawing (${String(error).split('\n')[0]})`);
              continue;
            }
            for (const text of await shownTexts(target)) {
              if (ALLOWED.has(text) || !isIn(english, text) || isIn(own, text)) continue;
              leftovers.add(`${route}: "${text}"`);
            }
          }
        }),
      );
      expect([...leftovers].sort()).toEqual([]);
    });
  }
});
