import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { startAdminPanel } from './bench-server.js';

const { url, admin, close } = await startAdminPanel({ prefix: 'prof', portBase: 19_500 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const [name, value] = admin.cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(url + (process.env.PAGE ?? '/'), { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  console.log('loaded in', Date.now() - t0, 'ms');
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync('/tmp/prof/page.cpuprofile', JSON.stringify(profile));
} finally {
  await browser.close();
  await close();
}
