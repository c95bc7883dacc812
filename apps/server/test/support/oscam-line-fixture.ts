import { afterAll, beforeAll } from 'vitest';
import {
  startStandInCccamInfo,
  startStandInOscam,
  WEBIF_LOGIN,
  WEBINFO_LOGIN,
  type StandInClient,
  type StandInOscam,
} from '../../../agent/test/stand-in-servers.js';
import { startLineAgent, type TestAgent } from './line-agent.js';
import { addAgentServer, signUpAccount, type Account } from './line-fixtures.js';
import type { TestClient } from './test-client.js';
import { startTestServer, type TestServer } from './test-server.js';

export type CccamSide = {
  readonly agent: TestAgent;
  readonly serverId: number;
  /** The clients the stand-in CCcam info page lists from now on (none at first), each watching. */
  show: (clients: { username: string; ip: string }[]) => void;
};

export type OscamLineFixture = {
  readonly server: TestServer;
  /** The first admin, signed in. */
  readonly admin: TestClient;
  /** The stand-in OSCam webif the agent reads its live clients from. */
  readonly oscam: StandInOscam;
  readonly agent: TestAgent;
  /** The OSCam server's id in the panel. */
  readonly serverId: number;
  /** A signed-up account with 100 credits, who makes the lines. */
  readonly owner: Account;
  /** Another account with 100 credits, who must not see the owner's lines. */
  readonly stranger: Account;
  /** With `cccam`: a second server, a real agent over CCcam.cfg whose info page the test writes. */
  readonly cccam: CccamSide;
  /** Sets the clients the stand-in OSCam lists for one line, keeping the other lines' ones. */
  show: (username: string, list: StandInClient[]) => void;
  /** The stand-in dropped the line's clients itself (a kick): later `show`s leave them out too. */
  forget: (username: string) => void;
  /** A line name no other test of the run uses. */
  name: () => string;
};

/**
 * For the tests of the calling file: a panel (polling live connections every second unless `env` says
 * otherwise), a real line agent in front of a stand-in OSCam as its server, and two accounts; with
 * `cccam`, also a CCcam server behind a stand-in info page. Started before the first test and stopped after the last.
 */
export function oscamLineFixture(options: {
  /** The OSCam server's name in the panel (shown in connection lists). */
  serverName: string;
  /** Starts the line names and the accounts' mail addresses, so a test's rows are told apart. */
  prefix: string;
  cccam?: boolean;
  /** The panel's settings; without them it polls live connections every second. */
  env?: Record<string, string>;
}): OscamLineFixture {
  const clients = new Map<string, StandInClient[]>();
  let counter = 0;
  let cccamPage = '';
  let cccamInfo: Awaited<ReturnType<typeof startStandInCccamInfo>> | undefined;
  const fixture: { -readonly [K in keyof OscamLineFixture]?: OscamLineFixture[K] } = {
    show: (username, list) => {
      clients.set(username, list);
      fixture.oscam!.setClients([...clients.values()].flat());
    },
    forget: (username) => {
      clients.delete(username);
    },
    name: () => `${options.prefix}${++counter}x${Date.now().toString(36)}`,
  };

  beforeAll(async () => {
    const server = await startTestServer(options.env ?? { LINE_CONNECTIONS_POLL_SECONDS: '1' });
    fixture.server = server;
    fixture.admin = await server.admin();
    fixture.agent = await startLineAgent({
      envFor: async (configFile) => {
        fixture.oscam = await startStandInOscam(configFile);
        return {
          AGENT_BACKEND: 'oscam',
          AGENT_OSCAM_WEBIF_URL: fixture.oscam.url,
          AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
          AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
        };
      },
    });
    fixture.serverId = (await addAgentServer(fixture.admin, fixture.agent, options.serverName)).id;
    if (options.cccam) {
      cccamInfo = await startStandInCccamInfo(() => cccamPage);
      const agent = await startLineAgent({
        env: {
          AGENT_CCCAM_WEBINFO_URL: cccamInfo.url,
          AGENT_CCCAM_WEBINFO_USER: WEBINFO_LOGIN.username,
          AGENT_CCCAM_WEBINFO_PASSWORD: WEBINFO_LOGIN.password,
        },
      });
      fixture.cccam = {
        agent,
        serverId: (await addAgentServer(fixture.admin, agent, `${options.serverName} CCcam`)).id,
        show: (list) => {
          cccamPage = list.length === 0 ? '' : cccamActiveClients(list);
        },
      };
    }
    const stamp = Date.now();
    fixture.owner = await signUpAccount(server, `${options.prefix}-owner-${stamp}@example.com`, 100);
    fixture.stranger = await signUpAccount(server, `${options.prefix}-other-${stamp}@example.com`, 100);
  });

  afterAll(async () => {
    await fixture.server?.close();
    await fixture.agent?.cleanup();
    await fixture.cccam?.agent.cleanup();
    await fixture.oscam?.close();
    await cccamInfo?.close();
  });

  return fixture as OscamLineFixture;
}

const CCCAM_RULE =
  '+--------------------+---------------+--------------+-----------+----------+--------+---------+--------------------------------+---------+';

/** CCcam's /activeclients page as CCcam 2.3 prints it, each client connected for 10 minutes. */
function cccamActiveClients(list: { username: string; ip: string }[]): string {
  const rows = list.map(
    ({ username, ip }) =>
      `| ${username.padEnd(18)} | ${ip.padEnd(13)} | 0d 00:10:00  | 00:00:05  | 10(10)   | 0(0)   | 2.3.2   | 1702:000000 Sky DE local ok    | 0.212   |`,
  );
  return [
    '<HTML><BODY><PRE>',
    `Connected clients: ${list.length}`,
    CCCAM_RULE,
    '| Username           | Host          | Connected    | Idle time | ECM      | EMM    | Version | Last used share                | Ecm time|',
    CCCAM_RULE,
    ...rows,
    CCCAM_RULE,
    '</PRE></BODY></HTML>',
  ].join('\n');
}
