// What a browser downloads to show the sign-in page and the dashboard, and how fast Lighthouse (mobile,
// default simulated throttling) finds them, against a real server on this machine (loopback only).
// Figures from a shared, busy CPU are noisy: Lighthouse's scores move by several points between runs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startAdminPanel } from './bench-server.js';
import { runLinesPagingBench } from './lines-paging-bench.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const webDist = path.join(repoRoot, 'apps/web/dist');

type ManifestEntry = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestEntry>;

/**
 * What each page needs before it can show anything, besides index.html's entry (with its static
 * imports and CSS): its chunks, named in vite.config.ts. The sign-in page is in the entry and needs its
 * texts (`locale-<language>`); the dashboard also needs the `shell` chunk (the routes table, the
 * signed-in shell, the dashboard page and what they use; build/first-load-chunks.ts) and the rest of
 * the core texts with what the shell and the dashboard show of the areas (`locale-rest-<language>`;
 * other pages' texts are `locale-pages-*`). Its charts, owner search and first-run guide load after
 * its figures show, and the header menus when opened, so they are not counted.
 */
const pageNeeds = {
  '/sign-in': { chunks: ['locale-en'] },
  dashboard: { chunks: ['locale-en', 'shell', 'locale-rest-en'] },
};

const targets = {
  '/sign-in': { kb: 170, score: 90, lcpMs: 2500 },
  dashboard: { kb: 250, score: 80, lcpMs: 2500 },
};

function verdict(met: boolean) {
  return met ? 'met' : 'MISSED';
}

/** Every file a set of manifest entries pulls in by static imports, with their CSS. */
function firstLoadFiles(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

export function buildWeb() {
  const result = spawnSync(process.execPath, ['scripts/build-web-if-stale.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('web build failed');
}

/** Sizes from the built manifest: the entry, the page's texts and the page's own chunks. */
export function measureFirstLoad() {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const namedChunk = (name: string) =>
    Object.keys(manifest).filter((key) =>
      new RegExp(`^assets/${name}-[\\w-]+\\.js$`).test(manifest[key]!.file),
    );
  const rows = Object.entries(pageNeeds).map(([page, needs]) => {
    const chunks = needs.chunks.flatMap(namedChunk);
    if (chunks.length !== needs.chunks.length)
      throw new Error(`chunks not found: ${needs.chunks.join(', ')}`);
    const files = firstLoadFiles(manifest, ['index.html', ...chunks]);
    let gzip = 0;
    let brotli = 0;
    for (const file of files) {
      const source = readFileSync(path.join(webDist, file));
      gzip += gzipSync(source, { level: 9 }).length;
      brotli += brotliCompressSync(source).length;
    }
    return {
      page: page as keyof typeof targets,
      files: files.size,
      gzipKb: gzip / 1024,
      brotliKb: brotli / 1024,
    };
  });
  return rows;
}

type LighthouseFigures = { score: number; lcpMs: number; fcpMs: number; tbtMs: number; bytesKb: number };

export async function runLighthouse(
  url: string,
  headers: Record<string, string> = {},
  keepReport = true,
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: headers,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // The whole report, to read which audits cost the score (WEB_BENCH_REPORT_DIR=/tmp/lh).
    const reportDir = process.env.WEB_BENCH_REPORT_DIR;
    if (reportDir && keepReport) {
      mkdirSync(reportDir, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'dashboard';
      writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr, null, 1));
      // The page's trace too: chrome://tracing or the DevTools performance panel open it.
      writeFileSync(path.join(reportDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      fcpMs: numeric('first-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      bytesKb: numeric('total-byte-weight') / 1024,
    };
  } finally {
    chrome.kill();
  }
}

export async function runWebBench() {
  buildWeb();
  console.log('web delivery (first load, from the built manifest):');
  for (const row of measureFirstLoad()) {
    const target = targets[row.page];
    console.log(
      `  ${row.page.padEnd(9)} ${row.files} files, ${row.gzipKb.toFixed(1)} KB gzip (${row.brotliKb.toFixed(1)} KB brotli)` +
        `  target <= ${target.kb} KB gzip: ${verdict(row.gzipKb <= target.kb)}`,
    );
  }

  const { url, admin, close } = await startAdminPanel({ prefix: 'web', portBase: 19_000 });
  try {
    const cookie = admin.cookie;

    console.log('Lighthouse, mobile, default throttling (shared CPU: expect a few points of noise):');
    // Each page twice: the first visit after the server started (its first queries read the database's
    // catalogs and files, a few hundred ms for the dashboard's five) is shown for reference; the target
    // is judged on the second, the page of a panel in use. Both are first visits for the browser.
    for (const [page, pagePath, headers] of [
      ['/sign-in', '/sign-in', {}],
      ['dashboard', '/', { cookie }],
    ] as const) {
      const target = targets[page];
      const cold = await runLighthouse(url + pagePath, headers, false);
      const figures = await runLighthouse(url + pagePath, headers);
      console.log(
        `  ${page.padEnd(9)} score ${figures.score} (target >= ${target.score}: ${verdict(figures.score >= target.score)}),` +
          ` LCP ${(figures.lcpMs / 1000).toFixed(2)} s (target <= ${target.lcpMs / 1000} s: ${verdict(figures.lcpMs <= target.lcpMs)}),` +
          ` FCP ${(figures.fcpMs / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbtMs)} ms, transferred ${figures.bytesKb.toFixed(0)} KB` +
          `   (first visit after start: score ${cold.score}, LCP ${(cold.lcpMs / 1000).toFixed(2)} s)`,
      );
    }
  } finally {
    await close();
  }
  // The lines list's paging in Chromium, beside its targets (bench/lines-paging-bench.ts).
  await runLinesPagingBench();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runWebBench();
