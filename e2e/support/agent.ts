import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ApiSession } from './api-session.js';
import { startAgent, type RunningAgent } from '../../apps/agent/test/agent-harness.js';

const agentDir = path.resolve(import.meta.dirname, '../../apps/agent');

/** The version a real agent reports on `GET /`. */
export const AGENT_VERSION: string = (
  JSON.parse(readFileSync(path.join(agentDir, 'package.json'), 'utf8')) as { version: string }
).version;

export type LineAgent = {
  host: string;
  port: number;
  url: string;
  username: string;
  password: string;
  /** The CCcam.cfg (or oscam.user) it edits. */
  configFile: string;
  output: () => string;
  /** SIGTERM, wait for the exit, remove the temp files. Safe to call twice. */
  stop: () => Promise<void>;
};

export type LineAgentOptions = {
  username?: string;
  password?: string;
  port?: number;
  /** More AGENT_* settings (the CCcam info page for who is online). */
  env?: Record<string, string>;
  /** An OSCam agent over oscam.user instead of CCcam.cfg, starting with this text. */
  oscamUser?: string;
  /** A CCcam agent whose CCcam.cfg starts with this text (an operator's own file). */
  cccamCfg?: string;
};

/**
 * A real line agent process (apps/agent, cccam backend) on a temp CCcam.cfg, as an operator runs it;
 * started the way the agent's and the API's tests start it.
 */
export async function startLineAgent(options: LineAgentOptions = {}): Promise<LineAgent> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-e2e-agent-'));
  const oscam = options.oscamUser !== undefined;
  const configFile = path.join(dir, oscam ? 'oscam.user' : 'CCcam.cfg');
  await writeFile(configFile, options.oscamUser ?? options.cccamCfg ?? '# CCcam.cfg for the e2e run\n');
  const username = options.username ?? 'panel';
  const password = options.password ?? 'e2e-agent-secret';
  let agent: RunningAgent;
  try {
    agent = await startAgent({
      env: {
        ...(options.port ? { AGENT_PORT: String(options.port) } : {}),
        AGENT_BACKEND: oscam ? 'oscam' : 'cccam',
        AGENT_CONFIG_FILE: configFile,
        AGENT_USERNAME: username,
        AGENT_PASSWORD: password,
        ...options.env,
      },
      startupMs: 110_000,
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    host: '127.0.0.1',
    port: agent.port,
    url: agent.baseUrl,
    username,
    password,
    configFile,
    output: agent.output,
    stop: () =>
      (stopping ??= (async () => {
        await agent.stop();
        await rm(dir, { recursive: true, force: true });
      })()),
  };
}

/**
 * Adds a server pointing at this agent over the API and tests it, which makes it active (a new
 * server starts inactive); `extra` sets more of its fields (port, protocol, DES key).
 */
export async function addAgentServer(
  api: ApiSession,
  agent: LineAgent,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: number }> {
  const created = await api.request<{ id: number }>('POST', '/api/servers', {
    server_name: name,
    host_ip: agent.host,
    port: 12000,
    api_port: agent.port,
    username: agent.username,
    password: agent.password,
    ...extra,
  });
  const tested = await api.request<{ ok: boolean; message: string }>(
    'POST',
    `/api/servers/${created.id}/test`,
  );
  if (!tested.ok) throw new Error(`The server "${name}" failed its test: ${tested.message}`);
  return created;
}
