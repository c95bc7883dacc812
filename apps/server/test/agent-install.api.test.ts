import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  removeDir,
  startAgent,
  tempDir,
  type RunningAgent,
} from '../../agent/test/agent-harness.js';
import { createInstallCommand } from '../src/modules/agent-install/agent-install.service.js';
import type { Actor } from '../src/platform/access.js';
import {
  buildAgentBundle,
  runInstaller,
  startTamperingProxy,
  type InstallerRun,
} from './support/agent-install.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

let server: TestServer;
let admin: TestClient;
let dir: string;
let installer: string;
const agents: RunningAgent[] = [];

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
  for (const agent of agents) await agent.kill();
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

function expectSuccess(run: InstallerRun) {
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
}

describe('the panel serves the agent', () => {
  it('serves the bundle, its sha256 and the installer to anyone, without cookies', async () => {
    const manifest = await fetch(`${server.url}/agent/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('set-cookie')).toBeNull();
    const { version, sha256, size } = (await manifest.json()) as Record<string, unknown>;

    const bundle = Buffer.from(await (await fetch(`${server.url}/agent/linedesk-agent.mjs`)).arrayBuffer());
    expect(bundle.length).toBe(size);
    expect(createHash('sha256').update(bundle).digest('hex')).toBe(sha256);
    const sumFile = await (await fetch(`${server.url}/agent/linedesk-agent.mjs.sha256`)).text();
    expect(sumFile).toBe(`${String(sha256)}  linedesk-agent.mjs\n`);
    // What the servers page compares each agent's version with.
    expect((await admin.get('/api/agent-install/release')).body).toEqual({ version, sha256 });
    expect(version).toBe(
      JSON.parse(await readFile(path.resolve(import.meta.dirname, '../../agent/package.json'), 'utf8'))
        .version,
    );

    expect((await readFile(installer, 'utf8')).startsWith('#!/bin/sh')).toBe(true);
    expect((await fetch(`${server.url}/agent/other.js`)).status).toBe(404);
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

    const refused = async (forged: string) => {
      const res = await anonymous.post('/api/agent-install/settings', { token: forged });
      expect(res.status).toBe(400);
      return res.body.error.code as string;
    };
    // Another server's id with this signature, a changed signature, not a token at all.
    expect(await refused(token.replace(`ld1.${target.id}.`, `ld1.${other.id}.`))).toBe(
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
    const again = await anonymous.post('/api/agent-install/settings', { token: fresh.token });
    expect(again.body.password).toBe('agent-secret-2');

    const log = (await admin.get('/api/audit-log?page_size=100')).body.items as {
      action: string;
      entity_id: string | null;
    }[];
    expect(
      log.filter((e) => e.action === 'server.install_command' && e.entity_id === String(target.id)),
    ).toHaveLength(3);

    expect((await server.client().post(`/api/servers/${target.id}/install-command`)).status).toBe(401);
    expect((await admin.post('/api/servers/999999/install-command')).status).toBe(404);
  });
});

describe('install.sh', () => {
  it('installs the panel’s agent on a CCcam server, and the agent it installed takes a line', async () => {
    const apiPort = await freePort();
    const target = await addServer('Installed CCcam', apiPort);
    const { token } = await installCommand(target.id);
    const handWritten = 'F: handwritten handpass 1 0 0 { 0:0:2 }\n';
    const root = await cardServerRoot('cccam', { 'etc/CCcam.cfg': handWritten });

    const run = await runInstaller(installer, ['--panel', server.url, '--token', token, '--root', root], dir);
    expectSuccess(run);
    expect(run.stdout).toContain(`Card server file: ${root}/etc/CCcam.cfg (cccam)`);
    expect(run.stdout).toContain('No systemd here: start it with:');

    const envFile = path.join(root, 'etc/linedesk-agent.env');
    expect((await stat(envFile)).mode & 0o777).toBe(0o600);
    const env = await readFile(envFile, 'utf8');
    expect(env).toContain(`AGENT_CONFIG_FILE="${root}/etc/CCcam.cfg"`);
    expect(env).toContain('AGENT_USERNAME="panel-agent"');
    expect(env).toContain('AGENT_PASSWORD="agent-secret-1"');
    expect(env).toContain(`AGENT_PORT=${apiPort}`);
    expect(await readFile(path.join(root, 'etc/systemd/system/linedesk-agent.service'), 'utf8')).toContain(
      `${root}/opt/linedesk-agent/linedesk-agent.mjs --config ${envFile}`,
    );

    // The installed file alone, with the settings file written: no repository, no node_modules.
    const agent = await startAgent({
      entry: path.join(root, 'opt/linedesk-agent/linedesk-agent.mjs'),
      args: ['--config', envFile],
      env: { AGENT_PORT: String(apiPort), AGENT_HOST: '127.0.0.1' },
    });
    agents.push(agent);

    // What install.sh reports once the service answers (with systemd): the panel tests the server.
    const started = await server.client().post('/api/agent-install/started', { token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ ok: true, status: 'active', version: expect.any(String) });
    expect((await admin.get(`/api/servers/${target.id}`)).body.status).toBe('active');
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

    // An update fetches the panel's agent again and keeps the settings.
    const updated = await runInstaller(installer, ['--update', '--root', root], dir);
    expectSuccess(updated);
    expect(updated.stdout).toContain('Linedesk agent');
    expect(await readFile(envFile, 'utf8')).toBe(env);
    expect(await readFile(path.join(root, 'opt/linedesk-agent/panel-url'), 'utf8')).toBe(`${server.url}\n`);

    const removed = await runInstaller(installer, ['--uninstall', '--root', root], dir);
    expectSuccess(removed);
    expect(existsSync(envFile)).toBe(false);
    expect(existsSync(path.join(root, 'opt/linedesk-agent'))).toBe(false);
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

  it('reads OSCam’s web interface settings, and asks which file when it finds two', async () => {
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
      ['--panel', server.url, '--token', `${token}x`, '--root', both, '--no-start'],
      dir,
    );
    expect(forged.code).not.toBe(0);
    expect(forged.stderr).toContain('This install command is not valid for any server');
  });
});
