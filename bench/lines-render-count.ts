// How many React components each commit of a lines-grid page change renders, on the built app: a
// stand-in React DevTools hook (React calls it in production builds too) walks every committed tree
// and counts the function and class components that did work in it. Counts, unlike times, do not
// move with the machine's load, so they show what a change saves on a busy machine.
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { startBenchPanel } from './bench-server.js';

const LINES = 60;

// Sent as text (see lines-paging-bench.ts). Counts per commit into window.__commits.
const hookScript = `(() => {
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  window.__commits = [];
  const count = (root) => {
    let n = 0;
    const stack = [root.current];
    while (stack.length) {
      const fiber = stack.pop();
      const alt = fiber.alternate;
      if (COMPONENT_TAGS.has(fiber.tag) && (!alt || (fiber.flags & 1) === 1)) n += 1;
      // A subtree the commit did not touch keeps its old fibers: its flags are stale.
      if (fiber.child && !(alt && alt.child === fiber.child)) {
        let child = fiber.child;
        while (child) { stack.push(child); child = child.sibling; }
      }
    }
    return n;
  };
  let id = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { id += 1; this.renderers.set(id, renderer); return id; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) { window.__commits.push({ at: performance.now(), components: count(root) }); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
})();`;

async function pageChange(page: Page, label: string, expected: string) {
  await page.evaluate('window.__commits = []');
  await page.click(`button[aria-label="${label}"]`);
  await page.locator('[data-testid="line-username"]', { hasText: expected }).first().waitFor();
  await page.waitForTimeout(500);
  return (await page.evaluate('window.__commits')) as { components: number }[];
}

export async function runRenderCount() {
  const panel = await startBenchPanel({
    databaseUrl: undefined,
    prefix: 'rcount',
    portBase: 23_000,
    admin: { email: 'rcount-admin@example.com', password: 'rcount-password-1' },
    reseller: { email: 'rcount-seller@example.com', password: 'rcount-password-1' },
    resellerCredits: 1000,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const serverId = await panel.addAgentServer();
    const usernames: string[] = [];
    for (let i = 0; i < LINES; i += 1) {
      const username = `rc${String(i).padStart(3, '0')}x${Math.random().toString(36).slice(2, 8)}`;
      const res = await fetch(`${panel.url}/api/lines`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: panel.reseller.cookie, origin: panel.url },
        body: JSON.stringify({ username, password: 'pw-12345', subscription_months: 1, server_id: serverId }),
      });
      if (res.status !== 201) throw new Error(`line not created: ${res.status} ${await res.text()}`);
      usernames.push(username);
    }
    const firstOf = (pageIndex: number) => usernames[LINES - 1 - pageIndex * 25]!;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(hookScript);
    await context.addCookies(
      panel.reseller.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: panel.url };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${panel.url}/users/all`);
    await page
      .locator('[data-testid="line-username"]', { hasText: firstOf(0) })
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    const show = (what: string, commits: { components: number }[]) =>
      console.log(
        `${what}: ${commits.length} commits, ${commits.reduce((s, c) => s + c.components, 0)} components: ${commits.map((c) => c.components).join(', ')}`,
      );
    show('next page (new)', await pageChange(page, 'Go to next page', firstOf(1)));
    show('next page (new)', await pageChange(page, 'Go to next page', firstOf(2)));
    show('previous (visited)', await pageChange(page, 'Go to previous page', firstOf(1)));
    show('previous (visited)', await pageChange(page, 'Go to previous page', firstOf(0)));
    show('next (visited)', await pageChange(page, 'Go to next page', firstOf(1)));
    await context.close();
  } finally {
    await browser.close();
    await panel.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runRenderCount();
