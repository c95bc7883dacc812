import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../../agent/test/agent-harness.js';
import { freePort } from '../../agent/test/ports.js';
import { createInstallCommand } from '../src/modules/agent-install/agent-install.service.js';
import type { Actor } from '../src/platform/access.js';
import {
  buildAgentBundle,
  runInstaller,
  startTamperingProxy,
  writeFakeInitCommands,
  type InstallerRun,
} from './support/agent-install.js';
import type { TestClient } from './support/test-client.js';
import { testPostgresUrl } from './support/test-database.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

let server: TestServer;
let admin: TestClient;
let dir: string;
let installer: string;
/** Card server roots whose agent the installer started, stopped at the end whatever happened. */
const roots: string[] = [];

beforeAll(async () => {
  buildAgentBundle();
  server = await startTestServer({ SERVER_CHECK_INTERVAL_SECONDS: '0' });
  admin = await server.admin();
  dir = await tempDir('install');
  // What `curl -fsSL <panel>/agent/install.sh` saves: the script as the panel serves it.
  const script = await fetch(`${server.url}/agent/install.sh`);
  expect(script.status).toBe(200);
  installer = path.join(dir, 'install.sh');
  await writeFile(installer, await script.text());
});

afterAll(async () => {
  for (const root of roots) await stopInstalledAgent(root);
  await server?.close();
  if (dir) await removeDir(dir);
});

async function addServer(name: string, apiPort: number, password = 'agent-secret-1') {
  const created = await admin.post('/api/servers', {
    server_name: name,
    host_ip: '127.0.0.1',
    port: 12000,
    api_port: apiPort,
    username: 'panel-agent',
    password,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number };
}

async function installCommand(serverId: number) {
  const res = await admin.post(`/api/servers/${serverId}/install-command`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    command: string;
    update_command: string;
    uninstall_command: string;
    token: string;
    expires_at: string;
  };
}

/** A card server's root with files at the given paths (relative to it). */
async function cardServerRoot(name: string, files: Record<string, string>): Promise<string> {
  const root = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

/** Whether an agent answers its health check on the port. */
async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/health`)).ok;
  } catch {
    return false;
  }
}

function pidIn(file: string): Promise<number | null> {
  return readFile(file, 'utf8').then(
    (text) => Number(text.trim()) || null,
    () => null,
  );
}

/** The agent the supervising loop of the SysV and busybox install runs now (a child of the loop). */
async function supervisedAgentPid(root: string): Promise<number | null> {
  const loop = await pidIn(path.join(root, 'var/run/linedesk-agent.pid'));
  if (!loop) return null;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …: the command's name may hold spaces, so read after its closing ")".
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (parent === loop && command.includes('linedesk-agent')) return Number(entry);
  }
  return null;
}

/** Ends what an installer started under `root`, the loop first (it ends its agent), if still running. */
async function stopInstalledAgent(root: string): Promise<void> {
  for (const file of ['var/run/linedesk-agent.pid', 'fake-service.pid']) {
    const pid = await pidIn(path.join(root, file));
    if (!pid) continue;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

function expectSuccess(run: InstallerRun) {
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
}

describe('the panel serves the agent', () => {
  it('serves the bundle, its sha256 and the installer to anyone, without cookies', async () => {
    const manifest = await fetch(`${server.url}/agent/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('set-cookie')).toBeNull();
    const { version, sha256, size } = (await manifest.json()) as Record<string, unknown>;

    // Text is still compressed for a client that asks (fetch asks for gzip, deflate and br).
    const served = await fetch(`${server.url}/agent/linedesk-agent.mjs`);
    expect(served.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    const bundle = Buffer.from(await served.arrayBuffer());
    expect(bundle.length).toBe(size);
    expect(createHash('sha256').update(bundle).digest('hex')).toBe(sha256);
    // Asked with compression (fetch asks for gzip, deflate and br), a checksum still comes as it
    // is: one starting with "80" once came labelled gzip without being compressed.
    const sum = await fetch(`${server.url}/agent/linedesk-agent.mjs.sha256`);
    expect(sum.headers.get('content-encoding')).toBeNull();
    expect(await sum.text()).toBe(`${String(sha256)}  linedesk-agent.mjs\n`);
    // What the servers page compares each agent's version with.
    expect((await admin.get('/api/agent-install/release')).body).toEqual({ version, sha256 });
    expect(version).toBe(
      JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../agent/package.json'), 'utf8'))
        .version,
    );

    expect((await readFile(installer, 'utf8')).startsWith('#!/bin/sh')).toBe(true);
    expect((await fetch(`${server.url}/agent/other.js`)).status).toBe(404);
  });

  it('serves the single executable with its sha256 when the build could make one', async (context) => {
    const { executable } = (await (await fetch(`${server.url}/agent/manifest.json`)).json()) as {
      executable: { name: string; sha256: string; size: number } | null;
    };
    // The build says why there is none (not Linux, a node without the fuse); the bundle is served.
    if (!executable) return context.skip();
    expect(executable.name).toBe(`linedesk-agent-${process.platform}-${process.arch}`);
    // Its first bytes: an ELF program. The whole file and its checksum are what install.sh checks in
    // the install test below (100 MB through this process, panel and client, is slow on a busy machine).
    const download = await fetch(`${server.url}/agent/${executable.name}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-encoding')).toBeNull();
    const reader = download.body!.getReader();
    const first = await reader.read();
    await reader.cancel();
    expect(Buffer.from(first.value!.subarray(0, 4))).toEqual(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
    const sum = await fetch(`${server.url}/agent/${executable.name}.sha256`);
    expect(sum.headers.get('content-encoding')).toBeNull();
    expect(await sum.text()).toBe(`${executable.sha256}  ${executable.name}\n`);
  });
});

describe('install commands', () => {
  it('gives an admin a command whose token only the current login of that server answers to', async () => {
    const target = await addServer('Token server', await freePort());
    const other = await addServer('Other server', await freePort());
    const { command, update_command, uninstall_command, token, expires_at } = await installCommand(target.id);
    expect(command).toBe(
      `curl -fsSL '${server.url}/agent/install.sh' | sudo sh -s -- --panel '${server.url}' --token ${token}`,
    );
    expect(uninstall_command).toContain('--uninstall');
    expect(update_command).toContain('--update');
    const hours = (Date.parse(expires_at) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.5);
    expect(hours).toBeLessThanOrEqual(24);

    const anonymous = server.client();
    const settings = await anonymous.post('/api/agent-install/settings', { token });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    expect(settings.body).toMatchObject({
      server_id: target.id,
      server_name: 'Token server',
      username: 'panel-agent',
      password: 'agent-secret-1',
      use_tls: false,
    });

    // A token works once: the same command again gets no login.
    const reused = await anonymous.post('/api/agent-install/settings', { token });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('AGENT_INSTALL_TOKEN_USED');
    expect(reused.body.password).toBeUndefined();
    // The installer's report that the agent is up still runs the server's test with it, once.
    const report = await anonymous.post('/api/agent-install/started', { token });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body).toMatchObject({ ok: false });
    const again = await anonymous.post('/api/agent-install/started', { token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('AGENT_INSTALL_TOKEN_USED');

    const refused = async (forged: string) => {
      const res = await anonymous.post('/api/agent-install/settings', { token: forged });
      expect(res.status).toBe(400);
      return res.body.error.code as string;
    };
    // Another server's id with this signature, a changed signature, not a token at all.
    expect(await refused(token.replace(`ld2.${target.id}.`, `ld2.${other.id}.`))).toBe(
      'AGENT_INSTALL_TOKEN_INVALID',
    );
    const lastChar = token.at(-1) === 'A' ? 'B' : 'A';
    expect(await refused(token.slice(0, -1) + lastChar)).toBe('AGENT_INSTALL_TOKEN_INVALID');
    expect(await refused('not-a-token')).toBe('AGENT_INSTALL_TOKEN_INVALID');

    // A command copied more than 24 hours ago (made in the panel's process: the clock is the point).
    const me = (await admin.get('/api/me')).body as { id: string; email: string };
    const old = await createInstallCommand(
      server.built.ctx,
      { id: me.id, email: me.email } as Actor,
      target.id,
      new Date(Date.now() - 25 * 3600_000),
    );
    expect(await refused(old.token)).toBe('AGENT_INSTALL_TOKEN_EXPIRED');

    // A new agent password makes every command shown before it stop working.
    expect((await admin.patch(`/api/servers/${target.id}`, { password: 'agent-secret-2' })).status).toBe(200);
    expect(await refused(token)).toBe('AGENT_INSTALL_TOKEN_INVALID');
    const fresh = await installCommand(target.id);
    const exchanged = await anonymous.post('/api/agent-install/settings', { token: fresh.token });
    expect(exchanged.body.password).toBe('agent-secret-2');
    // A leaked command (an expired one, from an earlier password) stays refused for what it is.
    expect(await refused(old.token)).toBe('AGENT_INSTALL_TOKEN_INVALID');

    const log = (await admin.get('/api/audit-log?page_size=100')).body.items as {
      action: string;
      entity_id: string | null;
    }[];
    expect(
      log.filter((e) => e.action === 'server.install_command' && e.entity_id === String(target.id)),
    ).toHaveLength(3);

    expect((await server.client().post(`/api/servers/${target.id}/install-command`)).status).toBe(401);
  });

  it('hands the login out once when the same command runs several times at once', async () => {
    const target = await addServer('Raced token', await freePort());
    const { token } = await installCommand(target.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => server.client().post('/api/agent-install/settings', { token })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.filter((res) => res.body.password === 'agent-secret-1')).toHaveLength(1);
    // Another command for the same server works: each command is used up on its own.
    const next = await installCommand(target.id);
    expect((await server.client().post('/api/agent-install/settings', { token: next.token })).status).toBe(
      200,
    );
    expect((await admin.post('/api/servers/999999/install-command')).status).toBe(404);
  });
});

describe('the installer’s report that the agent started', () => {
  it('runs the server test once per installed command, never for an unused one, and is limited per address', async () => {
    const target = await addServer('Reported server', await freePort());
    const unused = await installCommand(target.id);
    const early = await server.client().post('/api/agent-install/started', { token: unused.token });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('AGENT_INSTALL_TOKEN_UNUSED');

    const { token } = await installCommand(target.id);
    expect((await server.client().post('/api/agent-install/settings', { token })).status).toBe(200);
    // One address sends the report 30 times at once: one server test, the rest refused.
    const hammer = server.client();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => hammer.post('/api/agent-install/started', { token })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30 - 10);
    expect(statuses.every((status) => [200, 409, 429].includes(status))).toBe(true);
    const limited = answers.find((res) => res.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Still shut for that address, whatever it sends; another address's install reports as usual.
    const { token: next } = await installCommand(target.id);
    expect((await server.client().post('/api/agent-install/settings', { token: next })).status).toBe(200);
    expect((await hammer.post('/api/agent-install/started', { token: next })).status).toBe(429);
    expect((await server.client().post('/api/agent-install/started', { token: next })).status).toBe(200);
  });
});

describe.skipIf(!testPostgresUrl())('install commands with two panel instances on one PostgreSQL', () => {
  let second: TestServer | undefined;

  beforeAll(async () => {
    const config = server.built.ctx.config;
    if (config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    // The same database and data folder (its secret signs the tokens), as instances behind nginx.
    second = await startTestServer({ DATABASE_URL: config.database.url }, { dataDir: config.dataDir });
  }, 240_000);

  afterAll(async () => {
    await second?.close();
  });

  it('hands the login out once when both instances get the same command at once', async () => {
    const target = await addServer('Two instances', await freePort());
    const { token } = await installCommand(target.id);
    const answers = await Promise.all(
      [server, second!, server, second!].map((instance) =>
        instance.client().post('/api/agent-install/settings', { token }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
    // Used on one instance, refused on the other.
    const { token: next } = await installCommand(target.id);
    expect((await second!.client().post('/api/agent-install/settings', { token: next })).status).toBe(200);
    const reused = await server.client().post('/api/agent-install/settings', { token: next });
    expect(reused.body.error.code).toBe('AGENT_INSTALL_TOKEN_USED');
  });
});

describe('install.sh', () => {
  it('installs the panel’s agent on a CCcam server, starts it, and the agent it started takes a line', async () => {
    const apiPort = await freePort();
    const target = await addServer('Installed CCcam', apiPort);
    const { token } = await installCommand(target.id);
    const handWritten = 'F: handwritten handpass 1 0 0 { 0:0:2 }\n';
    // A busybox box: no systemd, OpenRC or SysV init tools, an rc.local run at boot.
    const root = await cardServerRoot('cccam', {
      'etc/CCcam.cfg': handWritten,
      'etc/rc.local': '#!/bin/sh\n# boot\nexit 0\n',
    });
    roots.push(root);

    const run = await runInstaller(installer, ['--panel', server.url, '--token', token, '--root', root], dir);
    expectSuccess(run);
    expect(run.stdout).toContain(`Card server file: ${root}/etc/CCcam.cfg (cccam)`);
    const initScript = path.join(root, 'etc/init.d/linedesk-agent');
    expect(run.stdout).toContain(
      `Started: ${initScript}, run at boot from /etc/rc.local, listening on port ${apiPort}.`,
    );
    // The panel was told and tested the server: active without anyone clicking Test.
    expect(run.stdout).toContain('The panel reached the agent: the server is active.');
    expect((await admin.get(`/api/servers/${target.id}`)).body.status).toBe('active');
    expect(await readFile(path.join(root, 'etc/rc.local'), 'utf8')).toBe(
      `#!/bin/sh\n# boot\n${initScript} start\nexit 0\n`,
    );

    const envFile = path.join(root, 'etc/linedesk-agent.env');
    expect((await stat(envFile)).mode & 0o777).toBe(0o600);
    const env = await readFile(envFile, 'utf8');
    expect(env).toContain(`AGENT_CONFIG_FILE="${root}/etc/CCcam.cfg"`);
    expect(env).toContain('AGENT_USERNAME="panel-agent"');
    expect(env).toContain('AGENT_PASSWORD="agent-secret-1"');
    expect(env).toContain(`AGENT_PORT=${apiPort}`);
    expect(await readFile(path.join(root, 'opt/linedesk-agent/supervise'), 'utf8')).toContain(
      `${root}/opt/linedesk-agent/linedesk-agent.mjs --config ${envFile}`,
    );

    // The agent the installer started (the installed file alone: no repository, no node_modules).
    const line = await admin.post('/api/lines', {
      username: 'installed-line',
      password: 'line-pass-1',
      subscription_months: 1,
      server_id: target.id,
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    const cfg = await waitFor(
      () => readFile(path.join(root, 'etc/CCcam.cfg'), 'utf8'),
      (text) => text.includes('F: installed-line line-pass-1 '),
    );
    expect(cfg.startsWith(handWritten)).toBe(true);

    // Killed, it is started again by its supervising loop.
    const agentPid = await supervisedAgentPid(root);
    expect(agentPid).not.toBeNull();
    process.kill(agentPid!, 'SIGKILL');
    await waitFor(
      async () => ((await answers(apiPort)) ? await supervisedAgentPid(root) : null),
      (pid) => pid !== null && pid !== agentPid,
    );

    // An update fetches the panel's agent again, keeps the settings and restarts it.
    const updated = await runInstaller(installer, ['--update', '--root', root], dir);
    expectSuccess(updated);
    expect(updated.stdout).toContain('Linedesk agent');
    expect(updated.stdout).toContain(`listening on port ${apiPort}`);
    expect(await readFile(envFile, 'utf8')).toBe(env);
    expect(await readFile(path.join(root, 'opt/linedesk-agent/panel-url'), 'utf8')).toBe(`${server.url}\n`);

    const removed = await runInstaller(installer, ['--uninstall', '--root', root], dir);
    expectSuccess(removed);
    expect(existsSync(envFile)).toBe(false);
    expect(existsSync(path.join(root, 'opt/linedesk-agent'))).toBe(false);
    expect(existsSync(initScript)).toBe(false);
    expect(await readFile(path.join(root, 'etc/rc.local'), 'utf8')).toBe('#!/bin/sh\n# boot\nexit 0\n');
    expect(await answers(apiPort)).toBe(false);
    expect(await readFile(path.join(root, 'etc/CCcam.cfg'), 'utf8')).toBe(cfg);
  });

  it('refuses an agent whose sha256 is not the panel’s and installs nothing', async () => {
    const target = await addServer('Tampered', await freePort());
    const { token } = await installCommand(target.id);
    const root = await cardServerRoot('tampered', { 'etc/CCcam.cfg': '' });
    const proxy = await startTamperingProxy(server.url);
    try {
      const run = await runInstaller(
        installer,
        ['--panel', proxy.url, '--token', token, '--root', root],
        dir,
      );
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain("the downloaded agent does not match the panel's sha256");
    } finally {
      await proxy.close();
    }
    expect(existsSync(path.join(root, 'opt/linedesk-agent/linedesk-agent.mjs'))).toBe(false);
    expect(existsSync(path.join(root, 'etc/linedesk-agent.env'))).toBe(false);
  });

  it('reads OSCam’s web interface settings, and refuses the same command a second time', async () => {
    const target = await addServer('Installed OSCam', await freePort());
    const { token } = await installCommand(target.id);
    const oscamConf =
      '[global]\nlogfile = stdout\n\n[webif]\nhttpport = 8888\nhttpuser = webadmin\nhttppwd = web$pass\n';
    const root = await cardServerRoot('oscam', {
      'etc/oscam/oscam.user': '[account]\nuser = existing\npwd = kept\n',
      'etc/oscam/oscam.conf': oscamConf,
    });
    const run = await runInstaller(
      installer,
      ['--panel', server.url, '--token', token, '--root', root, '--no-start'],
      dir,
    );
    expectSuccess(run);
    const env = await readFile(path.join(root, 'etc/linedesk-agent.env'), 'utf8');
    expect(env).toContain(`AGENT_CONFIG_FILE="${root}/etc/oscam/oscam.user"`);
    expect(env).toContain('AGENT_BACKEND="oscam"');
    expect(env).toContain('AGENT_OSCAM_WEBIF_URL="http://127.0.0.1:8888"');
    expect(env).toContain('AGENT_OSCAM_WEBIF_USER="webadmin"');
    expect(env).toContain('AGENT_OSCAM_WEBIF_PASSWORD="web\\$pass"');
    expect(run.stdout).toContain('Not started (--no-start)');

    // The same command again: refused, with the panel's reason, and nothing installed.
    const other = await cardServerRoot('reused', { 'etc/CCcam.cfg': '' });
    const reused = await runInstaller(
      installer,
      ['--panel', server.url, '--token', token, '--root', other, '--no-start'],
      dir,
    );
    expect(reused.code).not.toBe(0);
    expect(reused.stderr).toContain('This install command was already used to install the agent');
    expect(existsSync(path.join(other, 'etc/linedesk-agent.env'))).toBe(false);
  });

  // Five installer runs in one test took 83 s of its 120 s at load ~20: two tests of two and three.
  it('asks which file when it finds two, and a run that stops there does not use the command up', async () => {
    const target = await addServer('Two card servers', await freePort());
    const { token } = await installCommand(target.id);
    const both = await cardServerRoot('both', { 'etc/CCcam.cfg': '', 'var/etc/oscam.user': '' });
    const ambiguous = await runInstaller(
      installer,
      ['--panel', server.url, '--token', token, '--root', both],
      dir,
    );
    expect(ambiguous.code).not.toBe(0);
    expect(ambiguous.stderr).toContain('more than one card server file found');
    const chosen = await runInstaller(
      installer,
      [
        '--panel',
        server.url,
        '--token',
        token,
        '--root',
        both,
        '--config',
        `${both}/etc/CCcam.cfg`,
        '--no-start',
      ],
      dir,
    );
    expectSuccess(chosen);

    const forged = await runInstaller(
      installer,
      ['--panel', server.url, '--token', `${token}x`, '--root', both, '--config', `${both}/etc/CCcam.cfg`],
      dir,
    );
    expect(forged.code).not.toBe(0);
    expect(forged.stderr).toContain('This install command is not valid for any server');
  });

  it('installs the single executable where the card server has no Node.js 20, and it takes a line', async (context) => {
    const manifest = (await (await fetch(`${server.url}/agent/manifest.json`)).json()) as {
      version: string;
      executable: { name: string; sha256: string } | null;
    };
    if (!manifest.executable) return context.skip();
    const apiPort = await freePort();
    const target = await addServer('Installed executable', apiPort);
    const { token } = await installCommand(target.id);
    const root = await cardServerRoot('executable', {
      'etc/CCcam.cfg': 'WEBINFO LISTEN PORT : 16001\n',
    });
    roots.push(root);
    // A card server whose node is too old: install.sh must choose the executable by itself and
    // do its downloads, checksum, token exchange and "started" report without node.
    const bin = path.join(dir, 'old-node-bin');
    await mkdir(bin, { recursive: true });
    await writeFile(
      path.join(bin, 'node'),
      '#!/bin/sh\n[ "$1" = --version ] && echo v18.19.1 && exit 0\necho "node 18 cannot run this" >&2\nexit 1\n',
    );
    await chmod(path.join(bin, 'node'), 0o755);
    const env = { PATH: `${bin}:/usr/local/bin:/usr/bin:/bin` };

    const run = await runInstaller(
      installer,
      ['--panel', server.url, '--token', token, '--root', root],
      dir,
      env,
    );
    expectSuccess(run);
    expect(run.stdout).toContain(
      'Node.js v18.19.1 is older than 20: installing the single executable agent.',
    );
    expect(run.stdout).toContain('CCcam info page on port 16001');
    const executable = path.join(root, 'opt/linedesk-agent/linedesk-agent');
    expect(
      createHash('sha256')
        .update(await readFile(executable))
        .digest('hex'),
    ).toBe(manifest.executable.sha256);
    const envFile = path.join(root, 'etc/linedesk-agent.env');
    const settings = await readFile(envFile, 'utf8');
    expect(settings).toContain('AGENT_PASSWORD="agent-secret-1"');
    expect(settings).toContain('AGENT_CCCAM_WEBINFO_URL="http://127.0.0.1:16001"');
    expect(await readFile(path.join(root, 'opt/linedesk-agent/supervise'), 'utf8')).toContain(
      `"${executable}" --config ${envFile} `,
    );
    // Nothing here runs boot scripts it knows: started all the same, with what to do about reboots.
    expect(run.stdout).toContain(
      `WARNING: no /etc/rc.local or /etc/inittab here: add "${root}/etc/init.d/linedesk-agent start"`,
    );
    expect(run.stdout).toContain(`Started: ${root}/etc/init.d/linedesk-agent, listening on port ${apiPort}.`);

    // The executable it started (with no node that works on its PATH) answers, and takes a line.
    const health = await fetch(`http://127.0.0.1:${apiPort}/`, {
      headers: { authorization: `Basic ${Buffer.from('panel-agent:agent-secret-1').toString('base64')}` },
    });
    expect(await health.json()).toMatchObject({ version: manifest.version });
    expect(run.stdout).toContain('The panel reached the agent: the server is active.');
    expect((await admin.get(`/api/servers/${target.id}`)).body.status).toBe('active');
    const line = await admin.post('/api/lines', {
      username: 'executable-line',
      password: 'line-pass-2',
      subscription_months: 1,
      server_id: target.id,
    });
    expect(line.status, JSON.stringify(line.body)).toBe(201);
    await waitFor(
      () => readFile(path.join(root, 'etc/CCcam.cfg'), 'utf8'),
      (text) => text.includes('F: executable-line line-pass-2 '),
    );

    // Without node the panel's refusal of a used command is printed all the same.
    const again = await runInstaller(
      installer,
      ['--panel', server.url, '--token', token, '--root', root, '--no-start'],
      dir,
      env,
    );
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('This install command was already used to install the agent');

    // An update keeps the executable (node is still too old) and the settings.
    const updated = await runInstaller(installer, ['--update', '--root', root], dir, env);
    expectSuccess(updated);
    expect(await readFile(envFile, 'utf8')).toBe(settings);
    expect(existsSync(executable)).toBe(true);
    expect(existsSync(path.join(root, 'opt/linedesk-agent/linedesk-agent.mjs'))).toBe(false);
  });
});

describe('install.sh with the card server’s init system', () => {
  const agentFiles = (root: string) =>
    `${root}/opt/linedesk-agent/linedesk-agent.mjs --config ${root}/etc/linedesk-agent.env`;
  const cases = [
    {
      init: 'systemd',
      name: 'systemd service linedesk-agent',
      // What a machine running systemd has.
      dirs: ['run/systemd/system'],
      file: 'etc/systemd/system/linedesk-agent.service',
      written: (root: string) => [
        expect.stringContaining(`\nExecStart=`),
        expect.stringContaining(`${agentFiles(root)}\nRestart=on-failure\n`),
        expect.stringContaining('\nWantedBy=multi-user.target\n'),
      ],
      started: [
        'systemctl daemon-reload',
        'systemctl enable linedesk-agent',
        'systemctl restart linedesk-agent',
      ],
      stopped: ['systemctl disable --now linedesk-agent', 'systemctl daemon-reload'],
    },
    {
      init: 'openrc',
      name: 'OpenRC service linedesk-agent',
      dirs: ['run/openrc', 'sbin'],
      files: { 'sbin/openrc-run': '' },
      file: 'etc/init.d/linedesk-agent',
      written: (root: string) => [
        expect.stringMatching(/^#!\/sbin\/openrc-run\n/),
        expect.stringContaining(`\ncommand_args="${agentFiles(root)}"\n`),
        expect.stringContaining('\ndepend() {\n  need net\n'),
      ],
      started: ['rc-update add linedesk-agent default', 'rc-service linedesk-agent restart'],
      stopped: ['rc-service linedesk-agent stop', 'rc-update del linedesk-agent default'],
    },
    {
      init: 'sysv',
      name: 'SysV init service linedesk-agent',
      dirs: ['etc/init.d'],
      file: 'etc/init.d/linedesk-agent',
      written: (root: string) => [
        expect.stringContaining('\n# Provides:          linedesk-agent\n# Required-Start:'),
        expect.stringContaining(`\nSUPERVISE="${root}/opt/linedesk-agent/supervise"\n`),
      ],
      started: ['update-rc.d linedesk-agent defaults', 'service linedesk-agent restart'],
      stopped: ['service linedesk-agent stop', 'update-rc.d -f linedesk-agent remove'],
    },
  ];

  it.each(cases)(
    'writes the $init service, starts it, and the panel turns the server active',
    async ({ init, name, dirs, files, file, written, started, stopped }) => {
      const apiPort = await freePort();
      const target = await addServer(`Installed with ${init}`, apiPort);
      const { token } = await installCommand(target.id);
      const root = await cardServerRoot(`init-${init}`, { 'etc/CCcam.cfg': '', ...files });
      roots.push(root);
      for (const folder of dirs) await mkdir(path.join(root, folder), { recursive: true });
      const bin = path.join(dir, `init-${init}-bin`);
      await writeFakeInitCommands(bin);
      const log = path.join(dir, `init-${init}.log`);
      const env = { PATH: `${bin}:${process.env.PATH}`, FAKE_ROOT: root, FAKE_INIT_LOG: log };
      const asked = async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean);

      const run = await runInstaller(
        installer,
        ['--panel', server.url, '--token', token, '--root', root],
        dir,
        env,
      );
      expectSuccess(run);
      const service = await readFile(path.join(root, file), 'utf8');
      for (const part of written(root)) expect(service).toEqual(part);
      expect(await asked()).toEqual(started);
      expect(run.stdout).toContain(`Started: ${name}, listening on port ${apiPort}.`);
      // install.sh told the panel, which tested the server: active without anyone clicking Test.
      expect(run.stdout).toContain('The panel reached the agent: the server is active.');
      const shown = (await admin.get(`/api/servers/${target.id}`)).body;
      expect(shown).toMatchObject({ status: 'active', version: expect.any(String) });

      // An update restarts it with the same init system.
      const updated = await runInstaller(installer, ['--update', '--root', root], dir, env);
      expectSuccess(updated);
      expect(updated.stdout).toContain(`Started: ${name}, listening on port ${apiPort}.`);

      const removed = await runInstaller(installer, ['--uninstall', '--root', root], dir, env);
      expectSuccess(removed);
      expect((await asked()).slice(-stopped.length)).toEqual(stopped);
      expect(existsSync(path.join(root, file))).toBe(false);
      expect(await answers(apiPort)).toBe(false);
    },
  );
});
