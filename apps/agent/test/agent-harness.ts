import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { onFreePort } from './ports.js';

export const AGENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAIN = path.join(AGENT_DIR, 'src', 'main.ts');
export const FAKE_CLOCK = pathToFileURL(path.join(AGENT_DIR, 'test', 'fixtures', 'fake-clock.mjs')).href;

export const ADMIN = { username: 'panel', password: 'S3cret:with-colon' };

export const BEGIN =
  '# BEGIN linedesk-agent managed entries (generated; edits between these markers are lost)';
export const END = '# END linedesk-agent managed entries';

export type ApiResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  // Tests read arbitrary JSON fields.
  body: any;
  raw: string;
};

export type Credentials = { username: string; password: string } | null;

export type RunningAgent = {
  port: number;
  baseUrl: string;
  process: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  call(method: string, pathname: string, body?: unknown, credentials?: Credentials): Promise<ApiResponse>;
  /** `POST /add-user` with a line's three fields, as the panel sends it. */
  addUser(username: string, password: string, expiryDate: string): Promise<ApiResponse>;
  /** SIGTERM and wait; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL and wait. */
  kill(): Promise<void>;
};

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `linedesk-agent-${prefix}-`));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export function readText(file: string): Promise<string> {
  return readFile(file, 'utf8');
}

export function request(
  url: string,
  method: string,
  body?: unknown,
  credentials: Credentials = ADMIN,
  extraHeaders: Record<string, string> = {},
  /** Source address of the connection (any 127.x.y.z reaches a loopback listener). */
  localAddress?: string,
  /** The body's type; null sends none. */
  contentType: string | null = 'application/json',
): Promise<ApiResponse> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { ...extraHeaders };
  if (payload !== undefined) {
    if (contentType !== null) headers['content-type'] = contentType;
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  if (credentials) {
    const token = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
    headers.authorization = `Basic ${token}`;
  }
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const options = { method, headers, agent: false, rejectUnauthorized: false, localAddress };
    const req = client.request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(raw);
        } catch {
          parsed = null;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, raw });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** How long one health check at start-up waits for its answer. */
const HEALTH_WAIT_MS = 5_000;

/**
 * Whether `baseUrl` answers GET /health with 200 within `ms`. Bounded because the port may belong to
 * another test's server by then, one that takes connections and never answers (a hung agent, a
 * provider too slow to wait for): unbounded, the start-up waited on it for good, and never saw its
 * own agent exit on EADDRINUSE (a fresh clone's run lost two files' beforeAll to it, 180 s each).
 */
function healthy(baseUrl: string, ms: number): Promise<boolean> {
  const client = baseUrl.startsWith('https:') ? https : http;
  return new Promise((resolve) => {
    const req = client.get(
      `${baseUrl}/health`,
      { agent: false, rejectUnauthorized: false, timeout: ms },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      },
    );
    // Not listening yet, or not answering: the caller looks again (and at whether its agent exited).
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Polls until `check` returns true (or throws after `timeoutMs`). The limit only bounds a test that
 * would otherwise hang, so it is generous: tests also run on machines busy with other work.
 */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(25);
  }
}

export type StartOptions = {
  env: Record<string, string>;
  tls?: boolean;
  nodeArgs?: string[];
  args?: string[];
  /** A built agent to run as it is (the release bundle) instead of src/main.ts under tsx. */
  entry?: string;
  /** The single executable agent, run by itself (no node): `entry` and `nodeArgs` do not apply. */
  executable?: string;
  /** How long start-up may take before it counts as failed (a loaded machine is slow). */
  startupMs?: number;
};

/** Environment for a child without any AGENT_* settings leaking in from the test runner. */
export function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('AGENT_') && key !== 'INIT_CWD') env[key] = value;
  }
  return { ...env, ...extra };
}

export function spawnAgent(options: StartOptions): ChildProcess {
  if (options.executable) {
    return spawn(options.executable, options.args ?? [], {
      cwd: path.dirname(options.executable),
      env: cleanEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  const nodeArgs = options.entry
    ? [...(options.nodeArgs ?? []), options.entry]
    : ['--import', 'tsx', ...(options.nodeArgs ?? []), MAIN];
  return spawn(process.execPath, [...nodeArgs, ...(options.args ?? [])], {
    cwd: options.entry ? path.dirname(options.entry) : AGENT_DIR,
    env: cleanEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs the agent to completion (for start-up failures); resolves with exit code and output. */
export async function runAgentToExit(
  options: StartOptions,
): Promise<{ code: number | null; output: string }> {
  const child = spawnAgent(options);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

/**
 * Starts the agent on `AGENT_PORT`, or on a free port: a new process, seconds from listening on a
 * busy machine, so `onFreePort` starts it again on another when the port was taken meanwhile.
 */
export async function startAgent(options: StartOptions): Promise<RunningAgent> {
  if (options.env.AGENT_PORT) return startAgentOn(Number(options.env.AGENT_PORT), options);
  return onFreePort((port) => startAgentOn(port, options));
}

/** Whether the agent's output says it listens on `port` (its start-up line, main.ts). */
function listensOn(output: string, port: number): boolean {
  return output.split('\n').some((line) => line.includes(' listening on ') && line.includes(`:${port} (`));
}

async function startAgentOn(port: number, options: StartOptions): Promise<RunningAgent> {
  const child = spawnAgent({
    ...options,
    env: { AGENT_HOST: '127.0.0.1', ...options.env, AGENT_PORT: String(port) },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const baseUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startupMs ?? 60_000);
  for (;;) {
    if (hasExited) throw new Error(`agent exited during start-up:\n${output}`);
    // Healthy, and this very process says it listens there: an agent that failed to bind the port
    // (EADDRINUSE) still lives for a moment, and another run's agent or server that took the port
    // meanwhile answers its health check; taken for this one, a test then found nothing there.
    if ((await healthy(baseUrl, HEALTH_WAIT_MS)) && listensOn(output, port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`agent did not become healthy:\n${output}`);
    }
    await sleep(50);
  }

  return {
    port,
    baseUrl,
    process: child,
    output: () => output,
    exited,
    call: (method, pathname, body, credentials = ADMIN) =>
      request(`${baseUrl}${pathname}`, method, body, credentials),
    addUser: (username, password, expiryDate) =>
      request(`${baseUrl}/add-user`, 'POST', { username, password, expiryDate }),
    stop: async () => {
      if (!hasExited) child.kill('SIGTERM');
      const { code, signal } = await exited;
      // A stop that was not clean says why in the test's log: the tests expect 0, and on a loaded
      // machine such a failure is seldom seen twice.
      if (code !== 0)
        console.error(`the agent exited ${code ?? signal} after SIGTERM; its output:\n${output}`);
      return code;
    },
    kill: async () => {
      if (!hasExited) child.kill('SIGKILL');
      await exited;
    },
  };
}

export function baseEnv(configFile: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    AGENT_CONFIG_FILE: configFile,
    AGENT_USERNAME: ADMIN.username,
    AGENT_PASSWORD: ADMIN.password,
    ...extra,
  };
}

/** A DD-MM-YYYY date `days` away from today in local time. */
export function displayDateFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${String(date.getDate()).padStart(2, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${date.getFullYear()}`;
}

export function displayToIso(display: string): string {
  const [day, month, year] = display.split('-');
  return `${year}-${month}-${day}`;
}

/** A throw-away self-signed certificate for localhost in `dir`, as the agent's TLS settings take it. */
export async function selfSignedCertificate(
  dir: string,
): Promise<{ AGENT_TLS_CERT: string; AGENT_TLS_KEY: string }> {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-days',
    '1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { AGENT_TLS_CERT: cert, AGENT_TLS_KEY: key };
}
