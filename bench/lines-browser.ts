// What the two browser benches of the lines grid share (lines-paging-bench.ts, lines-render-count.ts):
// a panel with a reseller owning `lines` lines made over HTTP, Chromium, and a signed-in desktop
// context on the reseller's session. The list's default order is newest first, 25 a page.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startBenchPanel, type BenchPanel } from './bench-server.js';

export type LinesBrowser = {
  panel: BenchPanel;
  browser: Browser;
  context: BrowserContext;
  /** The username first on page `pageIndex` (0-based) of the list. */
  firstOf: (pageIndex: number) => string;
  close: () => Promise<void>;
};

export async function openLinesBrowser(options: {
  prefix: string;
  portBase: number;
  lines: number;
}): Promise<LinesBrowser> {
  const { prefix, lines } = options;
  const panel = await startBenchPanel({
    databaseUrl: undefined,
    prefix,
    portBase: options.portBase,
    admin: { email: `${prefix}-admin@example.com`, password: `${prefix}-password-1` },
    reseller: { email: `${prefix}-seller@example.com`, password: `${prefix}-password-1` },
    resellerCredits: 1000,
  });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
    });
    const serverId = await panel.addAgentServer();
    const usernames: string[] = [];
    for (let i = 0; i < lines; i += 1) {
      const username = `${prefix.slice(0, 2)}${String(i).padStart(3, '0')}x${Math.random().toString(36).slice(2, 8)}`;
      const res = await fetch(`${panel.url}/api/lines`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: panel.reseller.cookie, origin: panel.url },
        body: JSON.stringify({ username, password: 'pw-12345', subscription_months: 1, server_id: serverId }),
      });
      if (res.status !== 201) throw new Error(`line not created: ${res.status} ${await res.text()}`);
      usernames.push(username);
    }
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(
      panel.reseller.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: panel.url };
      }),
    );
    const opened = browser;
    return {
      panel,
      browser: opened,
      context,
      firstOf: (pageIndex) => usernames[lines - 1 - pageIndex * 25]!,
      close: async () => {
        await opened.close();
        await panel.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await panel.close();
    throw error;
  }
}
