import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  startStandInCccamInfo,
  startStandInOscam,
  WEBIF_LOGIN,
  WEBINFO_LOGIN,
  type StandInOscam,
} from '../../apps/agent/test/stand-in-servers.js';
import { addAgentServer, startLineAgent, type LineAgent } from './agent.js';
import { apiSession, type ApiSession } from './api-session.js';
import { ADMIN, startAppServer, type AppServer } from './app-server.js';
import { launchBrowser } from './browser.js';

/**
 * What a spec about a card server's live figures starts from: the panel, a browser, a real line
 * agent in front of a stand-in of the card server's web page, the admin signed in over the API, and
 * the server added and tested in the panel.
 */
export type CardServerScene = {
  server: AppServer;
  browser: Browser;
  agent: LineAgent;
  /** The first admin, signed in over the API. */
  admin: ApiSession;
  /** The card server's id in the panel. */
  serverId: number;
  /** The admin makes a one-month line on the scene's server; answers its id. */
  addLine: (username: string) => Promise<number>;
  /** Stops everything the scene started; safe after a set-up that failed half-way. */
  stop: () => Promise<void>;
};

/** An OSCam scene: the stand-in webif, and the oscam.user the agent writes and the stand-in reads. */
export type OscamScene = CardServerScene & { oscam: StandInOscam; userFile: string };

type SceneOptions = {
  /** The card server's name in the panel. */
  serverName: string;
  /** The panel's settings (how often it polls connections or ECM counters). */
  panelEnv: Record<string, string>;
};

async function startScene(
  options: SceneOptions,
  agentEnv: Record<string, string>,
  closeStandIn: () => Promise<void>,
): Promise<CardServerScene> {
  const started: Partial<CardServerScene> = {};
  const stop = async () => {
    await started.browser?.close();
    await started.server?.stop();
    await started.agent?.stop();
    await closeStandIn();
  };
  try {
    const [server, browser, agent] = await Promise.all([
      startAppServer(options.panelEnv).then((s) => (started.server = s)),
      launchBrowser().then((b) => (started.browser = b)),
      startLineAgent({ env: agentEnv }).then((a) => (started.agent = a)),
    ]);
    const admin = apiSession(server.url);
    await admin.signIn(ADMIN.email, ADMIN.password);
    const serverId = (await addAgentServer(admin, agent, options.serverName)).id;
    const addLine = async (username: string) =>
      (
        await admin.request<{ line: { id: number } }>('POST', '/api/lines', {
          username,
          password: 'Line-Pass-42',
          subscription_months: 1,
          server_id: serverId,
        })
      ).line.id;
    return { server, browser, agent, admin, serverId, addLine, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A CCcam server; with `activeClients`, its info page (`/activeclients`) is that, asked anew each
 * time (who is online); without, the agent reads no info page.
 */
export async function startCccamScene(
  options: SceneOptions & { activeClients?: () => string },
): Promise<CardServerScene> {
  if (!options.activeClients) return startScene(options, {}, async () => {});
  const info = await startStandInCccamInfo(options.activeClients);
  return startScene(
    options,
    {
      AGENT_CCCAM_WEBINFO_URL: info.url,
      AGENT_CCCAM_WEBINFO_USER: WEBINFO_LOGIN.username,
      AGENT_CCCAM_WEBINFO_PASSWORD: WEBINFO_LOGIN.password,
    },
    () => info.close(),
  );
}

/** An OSCam server: the stand-in webif reads the oscam.user the agent writes (`userFile`). */
export async function startOscamScene(options: SceneOptions): Promise<OscamScene> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-e2e-oscam-'));
  const userFile = path.join(dir, 'oscam.user');
  await writeFile(userFile, '');
  const oscam = await startStandInOscam(userFile);
  const scene = await startScene(
    options,
    {
      AGENT_BACKEND: 'oscam',
      AGENT_CONFIG_FILE: userFile,
      AGENT_OSCAM_WEBIF_URL: oscam.url,
      AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
      AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
    },
    async () => {
      await oscam.close();
      await rm(dir, { recursive: true, force: true });
    },
  );
  return { ...scene, oscam, userFile };
}
