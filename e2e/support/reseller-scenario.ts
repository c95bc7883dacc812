import type { Browser, Page } from 'playwright-core';
import { addAgentServer, startLineAgent, type LineAgent } from './agent.js';
import { apiSession, type ApiSession } from './api-session.js';
import { ADMIN, startAppServer, type AppServer } from './app-server.js';
import { launchBrowser } from './browser.js';
import { accountId, signUpConfirmed, signedInPage, type Credentials } from './page-helpers.js';

export type ResellerScenario = {
  server: AppServer;
  browser: Browser;
  agent: LineAgent;
  /** The admin, signed in over the API for setup and checks. */
  adminApi: ApiSession;
  reseller: Page;
  admin: Page;
  /** Closes the browser, stops the agent and the app; safe after a start that failed half way. */
  stop: () => Promise<void>;
};

/**
 * What the line specs start from: the app, a tested server on a real line agent (a new server is
 * inactive until then), a confirmed reseller with `credits`, and the reseller and the admin each
 * signed in in a browser of their own at desktop size.
 */
export async function startResellerScenario(options: {
  serverName: string;
  reseller: Credentials & { name: string };
  credits: number;
}): Promise<ResellerScenario> {
  const [server, browser, agent] = await Promise.all([startAppServer(), launchBrowser(), startLineAgent()]);
  const stop = async () => {
    await browser.close();
    await agent.stop();
    await server.stop();
  };
  try {
    // Setup over the API, as an admin's script would.
    const adminApi = apiSession(server.url);
    await adminApi.signIn(ADMIN.email, ADMIN.password);
    await addAgentServer(adminApi, agent, options.serverName);
    await signUpConfirmed(server, options.reseller);
    const resellerId = await accountId(adminApi, options.reseller.email);
    // A reseller who starts with nothing (the import spec: an admin's import charges nobody) is given
    // nothing: the API refuses a grant of 0 credits.
    if (options.credits > 0)
      await adminApi.request('POST', `/api/accounts/${resellerId}/credits`, { amount: options.credits });

    const desktop = { width: 1440, height: 900 };
    const [reseller, admin] = await Promise.all([
      signedInPage(browser, server.url, options.reseller, desktop),
      signedInPage(browser, server.url, ADMIN, desktop),
    ]);
    return { server, browser, agent, adminApi, reseller, admin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
