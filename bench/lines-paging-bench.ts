// How long the built lines list takes to show another page in Chromium, from the click on "next page"
// to the new rows on screen, with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate) as on a
// modest laptop: a page not seen yet (asked from the API, ~10 ms here) and a page already visited
// (from the query cache). The API's own time is a small part; what is measured is the browser's.
// Then, the same way: opening a line from the list (click on its username to its page's heading),
// and switching the language on the list (click on the language to the heading in that language).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { openLinesBrowser } from './lines-browser.js';

const LINES = 60;
const ROUNDS = 5;
export const pagingTargets = { newPageMs: 300, visitedPageMs: 100, openLineMs: 500, languageMs: 500 };

export function listTitle(language: 'en' | 'de'): string {
  const url = new URL(`../apps/web/src/i18n/locales/lines/${language}.json`, import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { lines: { list: { title: string } } }).lines.list.title;
}

/**
 * Clicks the element at `selector` and resolves, in the page's own clock, at the first animation
 * frame in which `shown` (a JavaScript expression) is true: the frame that shows the result.
 */
function clickUntil(page: Page, selector: string, shown: string): Promise<number> {
  // Sent as text: a function passed in would carry the helpers tsx adds to named functions.
  return page.evaluate(`new Promise((resolve, reject) => {
    const target = document.querySelector(${JSON.stringify(selector)});
    if (!target) return reject(new Error('nothing at ' + ${JSON.stringify(selector)}));
    const started = performance.now();
    const check = () => {
      if (${shown}) resolve(performance.now() - started);
      else if (performance.now() - started > 20000) reject(new Error('not shown: ' + ${JSON.stringify(shown)}));
      else requestAnimationFrame(check);
    };
    target.click();
    requestAnimationFrame(check);
  })`) as Promise<number>;
}

/** Clicks the element at `selector` and times it until the page heading (`h1`) holds `heading`. */
function clickUntilHeading(page: Page, selector: string, heading: string): Promise<number> {
  return clickUntil(
    page,
    selector,
    `(document.querySelector('h1')?.textContent ?? '').includes(${JSON.stringify(heading)})`,
  );
}

/** Opens the header's language menu (not timed) and times the switch to `language`. */
async function switchLanguage(page: Page, language: 'en' | 'de'): Promise<number> {
  await page.getByTestId('language-button').click();
  await page.getByTestId(`language-option-${language}`).waitFor();
  return clickUntilHeading(page, `[data-testid="language-option-${language}"]`, listTitle(language));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Clicks the grid's next or previous page button and times it until the first row is `expected`. */
function clickAndTime(page: Page, button: 'next' | 'previous', expected: string): Promise<number> {
  const label = button === 'next' ? 'Go to next page' : 'Go to previous page';
  return clickUntil(
    page,
    `button[aria-label="${label}"]`,
    `document.querySelector('[data-testid="line-username"]')?.textContent?.trim() === ${JSON.stringify(expected)}`,
  );
}

export async function runLinesPagingBench() {
  const { panel, context, firstOf, close } = await openLinesBrowser({
    prefix: 'paging',
    portBase: 21_000,
    lines: LINES,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // The main thread's own CPU time to show a visited page, unthrottled: unlike the time to the rows,
    // it hardly moves when other work shares the machine, so two builds can be compared on a busy one.
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const taskSeconds = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const visitedCpu: number[] = [];
    const fresh: number[] = [];
    const visited: number[] = [];
    const opened: number[] = [];
    const switched: number[] = [];
    const switchedCpu: number[] = [];
    const openedCpu: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.goto(`${panel.url}/users/all`);
      await page
        .locator('[data-testid="line-username"]', { hasText: firstOf(0) })
        .first()
        .waitFor();
      // Settled: the page's own late work (the event stream, lazy parts) is not the paging's.
      await page.waitForLoadState('networkidle');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      fresh.push(await clickAndTime(page, 'next', firstOf(1)));
      fresh.push(await clickAndTime(page, 'next', firstOf(2)));
      visited.push(await clickAndTime(page, 'previous', firstOf(1)));
      visited.push(await clickAndTime(page, 'previous', firstOf(0)));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      for (const [button, pageIndex] of [
        ['next', 1],
        ['previous', 0],
      ] as const) {
        const before = await taskSeconds();
        await clickAndTime(page, button, firstOf(pageIndex));
        visitedCpu.push((await taskSeconds()) - before);
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      for (const language of ['de', 'en'] as const) {
        // The main thread's CPU time from opening the menu (what the menu starts counts too) to the
        // heading in the new language, taken while throttled: a figure to compare two builds with.
        const before = await taskSeconds();
        switched.push(await switchLanguage(page, language));
        switchedCpu.push((await taskSeconds()) - before);
      }
      const beforeOpen = await taskSeconds();
      opened.push(await clickUntilHeading(page, '[data-testid="line-username"]', firstOf(0)));
      openedCpu.push((await taskSeconds()) - beforeOpen);
    }
    await context.close();
    const verdict = (ms: number, target: number) => (ms <= target ? 'met' : 'MISSED');
    const newMs = median(fresh);
    const visitedMs = median(visited);
    console.log(
      `lines list, Chromium, 4x CPU throttling, ${LINES} lines, median of ${fresh.length} (${opened.length} opened):`,
    );
    console.log(
      `  next page (asked from the API)  ${newMs.toFixed(0)} ms  (target <= ${pagingTargets.newPageMs} ms: ${verdict(newMs, pagingTargets.newPageMs)})` +
        `  all: ${fresh.map((ms) => ms.toFixed(0)).join(', ')}`,
    );
    console.log(
      `  a page already visited          ${visitedMs.toFixed(0)} ms  (target <= ${pagingTargets.visitedPageMs} ms: ${verdict(visitedMs, pagingTargets.visitedPageMs)})` +
        `  all: ${visited.map((ms) => ms.toFixed(0)).join(', ')}`,
    );
    console.log(
      `  main-thread CPU to show a visited page, unthrottled  ${(median(visitedCpu) * 1000).toFixed(0)} ms` +
        '  (no target: the figure that compares two builds on a busy machine)',
    );
    const openMs = median(opened);
    const languageMs = median(switched);
    console.log(
      `  opening a line from the list    ${openMs.toFixed(0)} ms  (target <= ${pagingTargets.openLineMs} ms: ${verdict(openMs, pagingTargets.openLineMs)})` +
        `  all: ${opened.map((ms) => ms.toFixed(0)).join(', ')}`,
    );
    console.log(
      `  main-thread CPU of opening a line, click to heading shown  ${(median(openedCpu) * 1000).toFixed(0)} ms` +
        `  (no target; to compare builds)  all: ${openedCpu.map((s) => (s * 1000).toFixed(0)).join(', ')}`,
    );
    console.log(
      `  switching language on the list  ${languageMs.toFixed(0)} ms  (target <= ${pagingTargets.languageMs} ms: ${verdict(languageMs, pagingTargets.languageMs)})` +
        `  all: ${switched.map((ms) => ms.toFixed(0)).join(', ')}`,
    );
    console.log(
      `  main-thread CPU of a language switch, menu opened to heading shown  ${(median(switchedCpu) * 1000).toFixed(0)} ms` +
        `  (no target; to compare builds)  all: ${switchedCpu.map((s) => (s * 1000).toFixed(0)).join(', ')}`,
    );
    return { newMs, visitedMs, openMs, languageMs };
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runLinesPagingBench();
