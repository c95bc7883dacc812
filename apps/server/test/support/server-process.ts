import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { onFreePort } from '../../../agent/test/ports.js';
import { waitFor } from './wait-for.js';

const serverDir = path.resolve(import.meta.dirname, '../..');
const bundle = path.join(serverDir, 'dist/main.js');

/** Builds the compiled server when its sources changed (a quick no-op otherwise). */
export function buildServerBundle(): void {
  const built = spawnSync(process.execPath, [path.resolve(serverDir, '../../scripts/build-server.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`Building the server failed:\n${built.stdout}${built.stderr}`);
}

export type ServerProcess = {
  url: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
  /** kill -9: no shutdown of any kind, as a crash or an OOM kill ends it. */
  crash: () => Promise<void>;
};

export type SpawnedServer = {
  pid: number;
  output: () => string;
  hasExited: () => boolean;
  /** Resolves with the exit code once the process has ended. */
  exit: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
};

/**
 * The compiled server as `npm start` runs it, in its own process, with only PATH and HOME from this
 * environment (so a test's own settings never leak in) plus `env`; it does not wait for anything.
 */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  return {
    pid: child.pid!,
    output: () => output,
    hasExited: () => exited,
    exit,
    kill: (signal) => {
      if (!exited) child.kill(signal);
    },
  };
}

/**
 * Waits on the server's own readiness line; the limit only catches a start that never comes. A start
 * past the limit is killed: its test has failed and holds no handle to it, and a server left running
 * would keep taking CPU from every test after it (one such start ran on for 16 minutes, #53).
 */
export async function untilRunning(server: SpawnedServer, ms = 110_000): Promise<void> {
  await waitFor(
    () => server.output().includes('Linedesk is running') || server.hasExited(),
    (done) => done,
    ms,
  ).catch((error: unknown) => {
    server.kill('SIGKILL');
    throw new Error(`${String(error)}\n${server.output()}`);
  });
  if (server.hasExited()) throw new Error(`The server exited while starting:\n${server.output()}`);
}

/** `spawnServer` on a free port (`onFreePort`), once it says it is running. */
export function spawnServerOnFreePort(
  env: Record<string, string>,
): Promise<{ server: SpawnedServer; port: number }> {
  return onFreePort(async (port) => {
    const server = spawnServer({ PORT: String(port), HOST: '127.0.0.1', ...env });
    await untilRunning(server);
    return { server };
  });
}

/** The compiled server as `npm start` runs it, in its own process; resolves once it says it is running. */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer({ PORT: String(port), HOST: '127.0.0.1', ...env });
  await untilRunning(server);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: server.pid,
    output: server.output,
    stop: async () => {
      server.kill('SIGTERM');
      await server.exit;
    },
    crash: async () => {
      server.kill('SIGKILL');
      await server.exit;
    },
  };
}
