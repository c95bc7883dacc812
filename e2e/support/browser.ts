import { chromium, type Browser } from 'playwright-core';

/**
 * How long an action (click, fill, waitFor, goto) waits for its element or page unless it names its
 * own limit. Playwright's default of 30 s is a time limit a loaded machine misses: at a load of 20 a
 * knowledge-base form took longer than that to open, and the spec failed on a `fill` (#53). The limit
 * only stops a spec that hangs, inside the specs' own 300 s.
 */
const ACTION_TIMEOUT_MS = 120_000;

/**
 * Debian's chromium, headless, with the flags this closed network needs; every page made from it
 * (through `newContext` or `newPage`) waits up to ACTION_TIMEOUT_MS.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return page;
  };
  return browser;
}
