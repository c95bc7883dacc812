import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startBenchPanel } from './bench-server.js';

const LINES = 60;
const panel = await startBenchPanel({
  databaseUrl: undefined, prefix: 'pprof', portBase: 21_500,
  admin: { email: 'pp-admin@example.com', password: 'paging-password-1' },
  reseller: { email: 'pp-seller@example.com', password: 'paging-password-1' },
  resellerCredits: 1000,
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const serverId = await panel.addAgentServer();
  const usernames: string[] = [];
  for (let i = 0; i < LINES; i += 1) {
    const username = `pg${String(i).padStart(3, '0')}x${Math.random().toString(36).slice(2, 8)}`;
    const res = await fetch(`${panel.url}/api/lines`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: panel.reseller.cookie, origin: panel.url }, body: JSON.stringify({ username, password: 'pw-12345', subscription_months: 1, server_id: serverId }) });
    if (res.status !== 201) throw new Error(String(res.status));
    usernames.push(username);
  }
  const firstOf = (p: number) => usernames[LINES - 1 - p * 25]!;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(panel.reseller.cookie.split('; ').map((pair) => { const [name, ...v] = pair.split('='); return { name: name!, value: v.join('='), url: panel.url }; }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${panel.url}/users/all`);
  await page.locator('[data-testid="line-username"]', { hasText: firstOf(0) }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const click = (label: string, expected: string) => page.evaluate(`new Promise((resolve) => { const t = document.querySelector('button[aria-label="${label}"]'); const s = performance.now(); const check = () => { if (document.querySelector('[data-testid="line-username"]')?.textContent?.trim() === ${JSON.stringify(expected)}) resolve(performance.now() - s); else requestAnimationFrame(check); }; t.click(); requestAnimationFrame(check); })`);
  // warm both pages into the cache
  await click('Go to next page', firstOf(1)); await click('Go to previous page', firstOf(0));
  const mode = process.argv[2] ?? 'visited';
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();
  await page.evaluate('window.ld = {}');
  const times: unknown[] = [];
  for (let i = 0; i < 6; i++) {
    times.push(await click('Go to next page', firstOf(1)));
    times.push(await click('Go to previous page', firstOf(0)));
  }
  if (mode === 'lang') {
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-option-de').waitFor();
    const s = Date.now(); await page.getByTestId('language-option-de').click(); await page.getByRole('heading', { name: 'Zugänge' }).first().waitFor(); times.push(['de', Date.now() - s]);
  }
  const after = await metrics();
  const per = (k: string) => (((after[k] ?? 0) - (before[k] ?? 0)) * 1000 / 12).toFixed(1);
  console.log(JSON.stringify({ task: per('TaskDuration'), script: per('ScriptDuration'), layout: per('LayoutDuration'), style: per('RecalcStyleDuration'), thread: per('ThreadTime') }));
  void writeFileSync;
  console.log('counts', await page.evaluate('JSON.stringify(window.ld)'));
  console.log('times', times.map((x) => Math.round(Number(x))).join(' '));
} finally { await browser.close(); await panel.close(); }
