import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
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

/** The compiled server as `npm start` runs it, in its own process; resolves once it says it is running. */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // Waits on the server's own readiness line; the limit only catches a start that never comes.
  await waitFor(
    () => output.includes('Linedesk is running') || exited,
    (done) => done,
    110_000,
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${output}`);
  });
  if (exited) throw new Error(`The server exited while starting:\n${output}`);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      if (!exited) child.kill('SIGTERM');
      await exit;
    },
    crash: async () => {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
  };
}
