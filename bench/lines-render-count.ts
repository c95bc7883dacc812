// How many React components each commit of a lines-grid page change renders, on the built app: a
// stand-in React DevTools hook (React calls it in production builds too) walks every committed tree
// and counts the function and class components that did work in it. Counts, unlike times, do not
// move with the machine's load, so they show what a change saves on a busy machine. Then the same for a
// language switch on the list.
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { openLinesBrowser } from './lines-browser.js';
import { listTitle } from './lines-paging-bench.js';

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

/** Opens the language menu (not counted) and counts the commits of the switch to `language`. */
async function languageSwitch(page: Page, language: 'en' | 'de') {
  await page.getByTestId('language-button').click();
  await page.getByTestId(`language-option-${language}`).waitFor();
  await page.evaluate('window.__commits = []');
  await page.getByTestId(`language-option-${language}`).click();
  await page.locator('h1', { hasText: listTitle(language) }).waitFor();
  await page.waitForTimeout(500);
  return (await page.evaluate('window.__commits')) as { components: number }[];
}

async function pageChange(page: Page, label: string, expected: string) {
  await page.evaluate('window.__commits = []');
  await page.click(`button[aria-label="${label}"]`);
  await page.locator('[data-testid="line-username"]', { hasText: expected }).first().waitFor();
  await page.waitForTimeout(500);
  return (await page.evaluate('window.__commits')) as { components: number }[];
}

export async function runRenderCount() {
  const { panel, context, firstOf, close } = await openLinesBrowser({
    prefix: 'rcount',
    portBase: 23_000,
    lines: LINES,
  });
  try {
    await context.addInitScript(hookScript);
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
    show('language to de', await languageSwitch(page, 'de'));
    show('language to en', await languageSwitch(page, 'en'));
    await context.close();
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runRenderCount();
