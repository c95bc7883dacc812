import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
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

/**
 * Stand-ins for the init systems' commands (systemd's systemctl, OpenRC's rc-service and rc-update,
 * SysV init's update-rc.d and service), in the folder `bin` for the installer's PATH. Each writes
 * the command it was given, one line each, to $FAKE_INIT_LOG, and does what the real one would do
 * to the agent of the card server root $FAKE_ROOT: systemctl runs the unit's ExecStart, rc-service
 * the OpenRC script's command with its command_args, service the SysV script itself; each stop ends
 * it. Whatever they start has its pid in $FAKE_ROOT/fake-service.pid (SysV: the script's own pid
 * file).
 */
export async function writeFakeInitCommands(bin: string): Promise<void> {
  await mkdir(bin, { recursive: true });
  const common = `#!/bin/sh
printf '%s\\n' "$(basename "$0") $*" >>"$FAKE_INIT_LOG"
PID="$FAKE_ROOT/fake-service.pid"
stop() {
  if [ -f "$PID" ]; then
    pid=$(cat "$PID")
    kill -TERM "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
    rm -f "$PID"
  fi
}
run() {
  stop
  nohup sh -c "exec $1" >"$FAKE_ROOT/fake-service.log" 2>&1 </dev/null &
  echo $! >"$PID"
}
`;
  const commands: Record<string, string> = {
    systemctl: `case "$1 $2" in
  'start linedesk-agent' | 'restart linedesk-agent')
    run "$(sed -n 's/^ExecStart=//p' "$FAKE_ROOT/etc/systemd/system/linedesk-agent.service")" ;;
  'stop linedesk-agent' | 'disable --now') stop ;;
esac
`,
    'rc-service': `case "$2" in
  start | restart) run "$(. "$FAKE_ROOT/etc/init.d/$1"; printf '"%s" %s' "$command" "$command_args")" ;;
  stop) stop ;;
esac
`,
    'rc-update': '',
    'update-rc.d': '',
    service: 'exec "$FAKE_ROOT/etc/init.d/$1" "$2"\n',
  };
  for (const [name, body] of Object.entries(commands)) {
    await writeFile(path.join(bin, name), common + body);
    await chmod(path.join(bin, name), 0o755);
  }
}
