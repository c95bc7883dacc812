// diagnosis only: language switch commit attributed to nearest own component
import { readFileSync } from 'node:fs';
import { openLinesBrowser } from './lines-browser.js';
import { listTitle } from './lines-paging-bench.js';
const ours = readFileSync('/tmp/ours.txt', 'utf8').trim().split(/\s+/);
const hook = `(() => {
  const OURS = new Set(${JSON.stringify(ours)});
  const TAGS = new Set([0, 1, 11, 14, 15]);
  const nameOf = (f) => { const t = f.type; if (!t) return null; if (typeof t === 'function') return t.displayName || t.name; if (t.render) return t.displayName || t.render.name; if (t.type) return t.displayName || t.type.displayName || t.type.name; return null; };
  window.__by = {};
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject(r) { this.renderers.set(1, r); return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (!window.__on) return;
      const stack = [root.current];
      while (stack.length) { const f = stack.pop(); const alt = f.alternate;
        if (TAGS.has(f.tag) && (!alt || (f.flags & 1) === 1)) {
          let a = f, chain = [];
          while (a) { const n = nameOf(a); if (n && OURS.has(n)) chain.push(n); if (chain.length >= 2) break; a = a.return; }
          const key = chain.reverse().join('>') || '?';
          window.__by[key] = (window.__by[key] || 0) + 1;
        }
        if (f.child && !(alt && alt.child === f.child)) { let c = f.child; while (c) { stack.push(c); c = c.sibling; } }
      }
    } };
})();`;
const { panel, context, firstOf, close } = await openLinesBrowser({ prefix: 'attr', portBase: 23_500, lines: 60 });
try {
  await context.addInitScript(hook);
  const page = await context.newPage();
  await page.goto(`${panel.url}/users/all`);
  await page.locator('[data-testid="line-username"]', { hasText: firstOf(0) }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByTestId('language-button').click();
  await page.getByTestId('language-option-de').waitFor();
  await page.evaluate('window.__on = true');
  await page.getByTestId('language-option-de').click();
  await page.locator('h1', { hasText: listTitle('de') }).waitFor();
  await page.waitForTimeout(800);
  const by = (await page.evaluate('window.__by')) as Record<string, number>;
  const sorted = Object.entries(by).sort((a, b) => b[1] - a[1]);
  console.log('total', sorted.reduce((s, [, n]) => s + n, 0));
  for (const [k, n] of sorted.slice(0, 45)) console.log(String(n).padStart(5), k);
  await context.close();
} finally { await close(); }
