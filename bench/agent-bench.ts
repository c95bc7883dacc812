// The agent's release build (npm run build:agent): what a card server downloads, and how long the
// agent takes from its start to answering /health, as the bundle under node, as the single
// executable (when the build could make one) and, for comparison, from its TypeScript sources under
// tsx, as the repository checkout ran it before. Loopback only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const repoRoot = path.resolve(import.meta.dirname, '..');
const bundle = path.join(repoRoot, 'apps/agent/dist/linedesk-agent.mjs');
const manifestFile = path.join(repoRoot, 'apps/agent/dist/manifest.json');
const source = path.join(repoRoot, 'apps/agent/src/main.ts');
const RUNS = 5;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawning `command` (node unless given) until GET /health answers 200. */
async function startTime(
  args: string[],
  configDir: string,
  cwd = configDir,
  command = process.execPath,
): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      AGENT_CONFIG_FILE: path.join(configDir, 'CCcam.cfg'),
      AGENT_USERNAME: 'bench',
      AGENT_PASSWORD: 'bench-password',
      AGENT_HOST: '127.0.0.1',
      AGENT_PORT: String(port),
    },
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`the agent exited during start-up:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGKILL');
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function runAgentBench(): Promise<void> {
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-agent.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`Building the agent failed:\n${built.stdout}${built.stderr}`);
  const bytes = readFileSync(bundle);
  console.log(
    `agent bundle: ${(bytes.length / 1024).toFixed(0)} KB, ${(gzipSync(bytes).length / 1024).toFixed(0)} KB gzipped`,
  );
  const { executable: entry } = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    executable: { name: string } | null;
  };
  const executable = entry ? path.join(repoRoot, 'apps/agent/dist', entry.name) : null;
  if (executable) {
    const exeBytes = readFileSync(executable);
    console.log(
      `agent single executable: ${(exeBytes.length / 1024 / 1024).toFixed(1)} MB, ${(gzipSync(exeBytes).length / 1024 / 1024).toFixed(1)} MB gzipped`,
    );
  } else {
    console.log('agent single executable: not built here (see the output of npm run build:agent)');
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'linedesk-agent-bench-'));
  try {
    writeFileSync(path.join(dir, 'CCcam.cfg'), '');
    const fromBundle: number[] = [];
    const fromExecutable: number[] = [];
    const fromSource: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      fromBundle.push(await startTime([bundle], dir));
      if (executable) fromExecutable.push(await startTime([], dir, dir, executable));
      fromSource.push(await startTime(['--import', 'tsx', source], dir, path.join(repoRoot, 'apps/agent')));
    }
    console.log(`agent start to /health, median of ${RUNS}: bundle ${median(fromBundle).toFixed(0)} ms`);
    if (executable) {
      console.log(
        `agent start to /health, median of ${RUNS}: single executable ${median(fromExecutable).toFixed(0)} ms`,
      );
    }
    console.log(
      `agent start to /health, median of ${RUNS}: sources under tsx ${median(fromSource).toFixed(0)} ms`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runAgentBench();
