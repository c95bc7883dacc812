import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import {
  ADMIN as AGENT_LOGIN,
  baseEnv,
  removeDir,
  selfSignedCertificate,
  startAgent,
  tempDir,
  type RunningAgent,
} from '../../../agent/test/agent-harness.js';

export type TestAgent = {
  port: number;
  username: string;
  password: string;
  /** The CCcam.cfg (or with `oscam`, the oscam.user) the agent writes. */
  configFile: string;
  /** What the agent reports in GET /. */
  version: string;
  current: () => RunningAgent;
  stop: () => Promise<void>;
  /** Starts it again on the same port and files. */
  restart: () => Promise<void>;
  cleanup: () => Promise<void>;
};

/** A real line agent process (apps/agent) on a free port over an empty temp CCcam.cfg. */
export async function startLineAgent(
  options: {
    tls?: boolean;
    env?: Record<string, string>;
    /** More settings that need the config file's path (a stand-in OSCam webif reading it). */
    envFor?: (configFile: string) => Promise<Record<string, string>>;
    oscam?: boolean;
  } = {},
): Promise<TestAgent> {
  const dir = await tempDir('server-api');
  // The file's name picks the agent's backend.
  const cfg = path.join(dir, options.oscam ? 'oscam.user' : 'CCcam.cfg');
  await writeFile(cfg, '');
  const extra: Record<string, string> = { ...options.env, ...(await options.envFor?.(cfg)) };
  if (options.tls) Object.assign(extra, await selfSignedCertificate(dir));
  let agent = await startAgent({ env: baseEnv(cfg, extra), tls: options.tls });
  const info = await agent.call('GET', '/');
  const port = agent.port;
  let holder: PortHolder | null = null;
  return {
    port,
    username: AGENT_LOGIN.username,
    password: AGENT_LOGIN.password,
    configFile: cfg,
    version: info.body.version,
    current: () => agent,
    stop: async () => {
      await agent.stop();
      holder = await holdPort(port);
    },
    restart: async () => {
      await holder?.close();
      holder = null;
      agent = await startAgent({
        env: baseEnv(cfg, { ...extra, AGENT_PORT: String(port) }),
        tls: options.tls,
      });
    },
    cleanup: async () => {
      await agent.kill();
      await holder?.close();
      await removeDir(dir);
    },
  };
}

type PortHolder = { close: () => Promise<void> };

/**
 * Keeps a stopped agent's port while it is down: every connection is dropped at once, so the panel
 * finds the agent unreachable as with nothing listening, and no other process of a busy test run can
 * take the port meanwhile (a server of another test there answered the panel's calls as the agent).
 */
async function holdPort(port: number): Promise<PortHolder> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeAgent = {
  port: number;
  /** Status codes the next calls get for GET /health and for everything else. */
  answer: (statuses: { health: number; root: number }) => void;
  close: () => Promise<void>;
};

/** An HTTP server that answers with chosen statuses, for failures a healthy agent never shows. */
export async function startFakeAgent(): Promise<FakeAgent> {
  let statuses = { health: 200, root: 200 };
  const server = http.createServer((req, res) => {
    const status = req.url === '/health' ? statuses.health : statuses.root;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `fake ${status}`, version: 'fake' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    answer: (next) => {
      statuses = next;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Accepts TCP connections and never answers: a hung server. */
export async function startSilentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
