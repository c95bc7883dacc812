import { AgentError } from './agent-error';
import { parseActiveClients } from './cccam-webinfo';
import type { AgentConfig } from './config';
import { cccamEcmStats, oscamEcmStats, type EcmStats } from './ecm-stats';
import { oscamUserKey, type OscamWebif } from './oscam-webif';
import { createWebPageClient, WebPageError } from './web-page-client';

/** One live client connection, the same shape for both backends (fields a backend lacks are null). */
export type Connection = {
  /** What POST /kick-connection takes; null where the server cannot end one connection (CCcam). */
  id: string | null;
  username: string;
  /** Whether the account is one of the agent's managed lines. */
  managed: boolean;
  ip: string;
  protocol: string;
  /** ISO 8601, UTC. */
  connectedSince: string | null;
  idleSeconds: number | null;
  lastChannel: string | null;
  lastCaid: string | null;
  lastSrvid: string | null;
  ecmOk: number | null;
  ecmTotal: number | null;
  /** OSCam: OK, Sleep or Duplicate (a second login set to fake by `uniq`); CCcam: null. */
  state: string | null;
};

export type ConnectionSource = {
  list(): Promise<Connection[]>;
  kick(id: string): Promise<{ username: string }>;
  /** ECM counters per account and the readers' state (GET /ecm-stats). */
  ecmStats(): Promise<EcmStats>;
};

type Settings = Pick<AgentConfig, 'backend' | 'reloadTimeoutMs'> & {
  cccam: Pick<AgentConfig['cccam'], 'webinfo'>;
};

/** OSCam prints `2026-11-22T13:05:00+0100`; Date wants the offset with a colon. */
function isoFromOscam(login: string, onlineSeconds: number | null, now: number): string | null {
  const normalised = login.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const parsed = Date.parse(normalised);
  if (!Number.isNaN(parsed)) return new Date(parsed).toISOString();
  return onlineSeconds === null ? null : new Date(now - onlineSeconds * 1000).toISOString();
}

const caidOrNull = (value: string) => (value && !/^0+$/.test(value) ? value.toUpperCase() : null);

function webFailure(error: unknown): never {
  if (error instanceof WebPageError) {
    throw new AgentError(
      502,
      error.message,
      error.unreachable ? 'SERVER_NOT_ANSWERING' : 'SERVER_WEB_PAGE_FAILED',
    );
  }
  throw error;
}

export function createConnectionSource(
  settings: Settings,
  webif: OscamWebif | null,
  managedNames: () => ReadonlySet<string>,
): ConnectionSource {
  const notConfigured = () =>
    new AgentError(
      501,
      settings.backend === 'oscam'
        ? 'Live connections need the OSCam web interface: set AGENT_OSCAM_WEBIF_URL, AGENT_OSCAM_WEBIF_USER and AGENT_OSCAM_WEBIF_PASSWORD'
        : 'Live connections need the CCcam info page: set "ALLOW WEBINFO: yes" in CCcam.cfg and AGENT_CCCAM_WEBINFO_URL (with AGENT_CCCAM_WEBINFO_USER and AGENT_CCCAM_WEBINFO_PASSWORD when it has a login)',
      'CONNECTIONS_NOT_CONFIGURED',
    );
  const webinfoLogin = settings.cccam.webinfo;
  const webinfo = webinfoLogin ? createWebPageClient(webinfoLogin, 'basic', settings.reloadTimeoutMs) : null;

  async function oscamConnections(api: OscamWebif): Promise<Connection[]> {
    const now = Date.now();
    const managed = managedNames();
    const [clients, stats] = await Promise.all([api.clients(), api.userStats()]);
    // Type "c" is a client login; readers, proxies, the server and monitors are listed too.
    return clients
      .filter((client) => client.type === 'c')
      .map((client): Connection => {
        const counters = stats.get(oscamUserKey(client.username));
        return {
          id: client.threadId || null,
          username: client.username,
          managed: managed.has(client.username),
          ip: client.ip,
          protocol: client.protocol,
          connectedSince: isoFromOscam(client.login, client.onlineSeconds, now),
          idleSeconds: client.idleSeconds,
          lastChannel: client.channel || null,
          lastCaid: caidOrNull(client.caid),
          lastSrvid: caidOrNull(client.srvid),
          // OSCam counts answers per account, not per connection.
          ecmOk: counters ? counters.cwok : null,
          ecmTotal: counters ? counters.cwok + counters.cwnok : null,
          state: client.status || null,
        };
      });
  }

  async function cccamClients() {
    const answer = await webinfo!.get('/activeclients');
    if (answer.status !== 200) {
      throw new WebPageError(`CCcam info page answered ${answer.status} to /activeclients`);
    }
    return parseActiveClients(answer.body);
  }

  async function cccamConnections(): Promise<Connection[]> {
    const clients = await cccamClients();
    const now = Date.now();
    const managed = managedNames();
    return clients.map((client): Connection => ({
      id: null,
      username: client.username,
      managed: managed.has(client.username),
      ip: client.host,
      protocol: 'CCcam',
      connectedSince:
        client.connectedSeconds === null
          ? null
          : new Date(now - client.connectedSeconds * 1000).toISOString(),
      idleSeconds: client.idleSeconds,
      lastChannel: client.lastShare || null,
      lastCaid: client.caid,
      lastSrvid: null,
      ecmOk: client.ecmOk,
      ecmTotal: client.ecmTotal,
      state: null,
    }));
  }

  return {
    async list() {
      try {
        if (settings.backend === 'oscam') {
          if (!webif) throw notConfigured();
          return await oscamConnections(webif);
        }
        if (!webinfo) throw notConfigured();
        return await cccamConnections();
      } catch (error) {
        return webFailure(error);
      }
    },

    async ecmStats() {
      try {
        if (settings.backend === 'oscam') {
          if (!webif) throw notConfigured();
          const [clients, stats, readers] = await Promise.all([
            webif.clients(),
            webif.userStats(),
            webif.readerStats(),
          ]);
          return oscamEcmStats(clients, stats, managedNames(), readers);
        }
        if (!webinfo) throw notConfigured();
        return cccamEcmStats(await cccamClients(), managedNames());
      } catch (error) {
        return webFailure(error);
      }
    },

    async kick(id) {
      if (settings.backend === 'cccam') {
        throw new AgentError(
          501,
          'CCcam cannot end a single connection; disable the line (its F: line leaves CCcam.cfg) and restart CCcam to cut it off',
          'KICK_NOT_SUPPORTED',
        );
      }
      if (!webif) throw notConfigured();
      try {
        const client = (await webif.clients()).find((entry) => entry.threadId === id && entry.type === 'c');
        if (!client) throw new AgentError(404, 'Connection not found', 'CONNECTION_NOT_FOUND');
        if (!managedNames().has(client.username)) {
          throw new AgentError(
            409,
            `The connection belongs to "${client.username}", an account the agent does not manage`,
            'CONNECTION_NOT_MANAGED',
          );
        }
        await webif.kill(id);
        return { username: client.username };
      } catch (error) {
        return webFailure(error);
      }
    },
  };
}
