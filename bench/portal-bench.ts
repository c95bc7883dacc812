// The customer portal's first load (/my/sign-in), as a phone's browser fetches it from a real server on
// this machine (loopback only): every HTML, script and style file Chromium downloads until the sign-in
// form shows and the network is quiet, each counted at its gzip size, beside the 100 KB target; the
// panel's own sign-in page measured the same way in the same run as the baseline; and Lighthouse
// (mobile) for /my/sign-in beside >= 95.
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startAdminPanel } from './bench-server.js';
import { buildWeb, runLighthouse } from './web-bench.js';

export const portalTargets = { kb: 100, score: 95 };

type Fetched = { path: string; type: string; gzipKb: number };

/** What Chromium at 390 px downloads to show `pagePath` until `readySelector` is visible and the network is quiet. */
export async function measureBrowserFirstLoad(
  url: string,
  pagePath: string,
  readySelector: string,
): Promise<{ files: Fetched[]; gzipKb: number }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    const pending: Promise<Fetched | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (!['document', 'script', 'stylesheet'].includes(type)) return;
      pending.push(
        response
          .body()
          .then((body) => ({
            path: new URL(response.url()).pathname,
            type,
            gzipKb: gzipSync(body, { level: 9 }).length / 1024,
          }))
          .catch(() => null),
      );
    });
    await page.goto(url + pagePath);
    await page.locator(readySelector).waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter((f): f is Fetched => f !== null);
    return { files, gzipKb: files.reduce((sum, f) => sum + f.gzipKb, 0) };
  } finally {
    await browser.close();
  }
}

function largest(files: Fetched[], count: number): string {
  return [...files]
    .sort((a, b) => b.gzipKb - a.gzipKb)
    .slice(0, count)
    .map((f) => `${f.path.replace(/^\/assets\//, '')} ${f.gzipKb.toFixed(1)} KB`)
    .join(', ');
}

export async function runPortalBench() {
  buildWeb();
  const { url, close } = await startAdminPanel({ prefix: 'portal', portBase: 19_000 });
  try {
    const portal = await measureBrowserFirstLoad(url, '/my/sign-in', '[data-testid="portal-sign-in-form"]');
    const panel = await measureBrowserFirstLoad(url, '/sign-in', 'form');
    const verdict = portal.gzipKb <= portalTargets.kb ? 'met' : 'MISSED';
    console.log(
      'customer portal, first load of /my/sign-in in Chromium at 390 px (HTML + JS + CSS, gzip -9):',
    );
    console.log(
      `  /my/sign-in  ${portal.files.length} files, ${portal.gzipKb.toFixed(1)} KB gzip   target <= ${portalTargets.kb} KB: ${verdict}` +
        `   (baseline, same run: the panel's /sign-in ${panel.files.length} files, ${panel.gzipKb.toFixed(1)} KB; ratio ${(portal.gzipKb / panel.gzipKb).toFixed(2)})`,
    );
    console.log(`  largest: ${largest(portal.files, 5)}`);
    // Twice, as the web bench does: the first visit after the server started is shown for reference.
    const cold = await runLighthouse(`${url}/my/sign-in`, {}, false);
    const figures = await runLighthouse(`${url}/my/sign-in`);
    console.log(
      `  Lighthouse mobile /my/sign-in score ${figures.score} (target >= ${portalTargets.score} on a quiet machine: ${figures.score >= portalTargets.score ? 'met' : 'MISSED'}),` +
        ` LCP ${(figures.lcpMs / 1000).toFixed(2)} s, FCP ${(figures.fcpMs / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbtMs)} ms, transferred ${figures.bytesKb.toFixed(0)} KB` +
        `   (first visit after start: score ${cold.score})`,
    );
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runPortalBench();
