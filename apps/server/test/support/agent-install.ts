import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { cleanEnv } from '../../../agent/test/agent-harness.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The agent's release build (scripts/build-agent.mjs), which the panel serves; a no-op when current. */
export function buildAgentBundle(): void {
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-agent.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`Building the agent failed:\n${built.stdout}${built.stderr}`);
}

export type InstallerRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs an install.sh (as downloaded from the panel) the way the install command does, fed to
 * `sh -s --` on its standard input (`curl … | sudo sh -s -- …`), from a folder of its own and
 * without any AGENT_* setting of the test runner (`env` adds to or replaces the rest). Asynchronous: the panel it downloads from runs in
 * this process.
 */
export function runInstaller(
  script: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<InstallerRun> {
  const child = spawn('sh', ['-s', '--', ...args], {
    cwd,
    env: cleanEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(readFileSync(script));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/**
 * A man in the middle between install.sh and the panel: passes everything through, except that the
 * agent's download comes back with one more line, as a tampered mirror or proxy would send it.
 */
export async function startTamperingProxy(
  panelUrl: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await fetch(panelUrl + (req.url ?? '/'), {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/octet-stream' },
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      let body = Buffer.from(await upstream.arrayBuffer());
      if (req.url === '/agent/linedesk-agent.mjs') {
        body = Buffer.concat([body, Buffer.from('\nconsole.log("tampered");\n')]);
      }
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? '' });
      res.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
