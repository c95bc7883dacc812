import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import {
  FAKE_CLOCK,
  baseEnv,
  displayDateFromToday,
  readText,
  removeDir,
  request,
  runAgentToExit,
  startAgent,
  tempDir,
  waitFor,
} from './agent-harness';
import { WEBIF_LOGIN, startStandInOscam, type StandInClient, type StandInOscam } from './stand-in-servers';

const HAND_WRITTEN = '[account]\nuser = handuser\npwd = handpass\ngroup = 1\n';
const DAY_MS = 24 * 60 * 60 * 1000;

function webifEnv(userFile: string, oscam: StandInOscam, extra: Record<string, string> = {}) {
  return baseEnv(userFile, {
    AGENT_OSCAM_WEBIF_URL: oscam.url,
    AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
    AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
    ...extra,
  });
}

function client(fields: Partial<StandInClient> & Pick<StandInClient, 'thid' | 'name'>): StandInClient {
  return {
    type: 'c',
    protocol: 'cccam (2.3.2-3367)',
    ip: '203.0.113.7',
    port: 40123,
    status: 'OK',
    login: '2026-11-20T08:15:00+0100',
    online: 3600,
    idle: 3,
    caid: '1702',
    srvid: '0085',
    chname: 'Sky Cinema',
    ecmtime: 212,
    ...fields,
  };
}

describe('oscam reload through the web interface (Digest)', () => {
  let dir: string;
  let userFile: string;
  let oscam: StandInOscam;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('webif');
    userFile = path.join(dir, 'oscam.user');
    await writeFile(userFile, HAND_WRITTEN);
    oscam = await startStandInOscam(userFile);
    agent = await startAgent({ env: webifEnv(userFile, oscam) });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await oscam.close();
    await removeDir(dir);
  });

  const held = (user: string) => oscam.accounts().find((account) => account.user === user);

  it('is a webif that refuses Basic auth, as OSCam does', async () => {
    const res = await request(`${oscam.url}/oscamapi.json?part=userstats`, 'GET', undefined, WEBIF_LOGIN);
    expect(res.status).toBe(401);
  });

  it('reloads OSCam after each write and answers ok only once OSCam holds the change', async () => {
    const add = await agent.addUser('alice', 'alice-pw', '31-12-2099');
    expect(add.status).toBe(200);
    expect(add.body.reload).toEqual({ status: 'ok' });
    expect(held('alice')).toEqual({ user: 'alice', disabled: false, expdate: '2099-12-31' });
    expect(oscam.requests).toContain('GET /userconfig.html?action=reinit');

    const disable = await agent.call('PUT', '/edit-user', { username: 'alice', enabled: false });
    expect(disable.body.reload).toEqual({ status: 'ok' });
    expect(held('alice')?.disabled).toBe(true);
    await agent.call('PUT', '/edit-user', { username: 'alice', enabled: true });
    expect(held('alice')?.disabled).toBe(false);
  });

  it('reports a reload OSCam did not take (read-only webif) as failed, and reloads again on the retry', async () => {
    oscam.setReadonly(true);
    const body = { username: 'bob', password: 'bob-pw', expiryDate: '31-12-2099' };
    const add = await agent.call('POST', '/add-user', body);
    expect(add.status).toBe(200);
    expect(add.body.reload.status).toBe('failed');
    expect(add.body.reload.error).toContain('"bob" is missing');
    expect(add.body.message).toContain('but the server reload failed');
    expect(held('bob')).toBeUndefined();

    // The panel retries the same change: nothing left to write, but the reload is still owed.
    oscam.setReadonly(false);
    const retry = await agent.call('POST', '/add-user', body);
    expect(retry.body.changed).toBe(false);
    expect(retry.body.reload).toEqual({ status: 'ok' });
    expect(held('bob')?.disabled).toBe(false);

    // Once it took, an identical retry needs nothing.
    expect((await agent.call('POST', '/add-user', body)).body.reload).toEqual({ status: 'not-needed' });
  });

  it('reports a renewal OSCam did not load (it still shows the old expdate) as not applied', async () => {
    const body = { username: 'rene', password: 'rene-pw', expiryDate: '31-12-2098' };
    expect((await agent.call('POST', '/add-user', body)).body).toMatchObject({ applied: true });
    oscam.setReadonly(true);
    const renewed = await agent.call('PUT', '/edit-user', { username: 'rene', newExpiryDate: '31-12-2099' });
    expect(renewed.body).toMatchObject({ applied: false, reload: { status: 'failed' } });
    expect(renewed.body.reload.error).toContain('"rene" still expires on 2098-12-31');
    oscam.setReadonly(false);
    const retry = await agent.call('PUT', '/edit-user', { username: 'rene', newExpiryDate: '31-12-2099' });
    expect(retry.body).toMatchObject({ changed: false, applied: true, reload: { status: 'ok' } });
    expect(held('rene')?.expdate).toBe('2099-12-31');
  });

  it('reports a deletion OSCam still holds, in a batch too', async () => {
    oscam.setReadonly(true);
    const res = await agent.call('POST', '/batch', { changes: [{ action: 'delete-user', username: 'bob' }] });
    expect(res.body.results[0].status).toBe(200);
    expect(res.body.results[0].reload.status).toBe('failed');
    expect(res.body.results[0].reload.error).toContain('"bob" is still there after its deletion');
    oscam.setReadonly(false);
    const retry = await agent.call('DELETE', '/delete-user', { username: 'bob' });
    expect(retry.body.reload).toEqual({ status: 'ok' });
    expect(held('bob')).toBeUndefined();
  });

  it('lists live connections from part=status with hideidle=0, with ECM counts from part=userstats', async () => {
    oscam.setClients([
      client({ thid: 'id_0x7f0001', name: 'alice' }),
      // Idle past OSCam's 25 s default: hidden unless the agent asks for hideidle=0.
      client({
        thid: 'id_0x7f0002',
        name: 'handuser',
        ip: '198.51.100.4',
        idle: 120,
        status: 'Sleep',
        caid: '0000',
      }),
      client({ thid: 'id_0x7f0003', name: 'local-reader', type: 'r' }),
    ]);
    oscam.setCounters('alice', 40, 2);
    const res = await agent.call('GET', '/connections');
    expect(res.status).toBe(200);
    expect(oscam.requests).toContain('GET /oscamapi.json?part=status&hideidle=0');
    expect(res.body.connections).toEqual([
      {
        id: 'id_0x7f0001',
        username: 'alice',
        managed: true,
        ip: '203.0.113.7',
        protocol: 'cccam (2.3.2-3367)',
        connectedSince: '2026-11-20T07:15:00.000Z',
        idleSeconds: 3,
        lastChannel: 'Sky Cinema',
        lastCaid: '1702',
        lastSrvid: '0085',
        ecmOk: 40,
        ecmTotal: 42,
        state: 'OK',
      },
      {
        id: 'id_0x7f0002',
        username: 'handuser',
        managed: false,
        ip: '198.51.100.4',
        protocol: 'cccam (2.3.2-3367)',
        connectedSince: '2026-11-20T07:15:00.000Z',
        idleSeconds: 120,
        lastChannel: 'Sky Cinema',
        lastCaid: null,
        lastSrvid: '0085',
        ecmOk: 0,
        ecmTotal: 0,
        state: 'Sleep',
      },
    ]);
    expect(res.body.message).toBe('2 connections');
  });

  it('ends a connection of a managed line with part=status&action=kill, and refuses others', async () => {
    const kicked = await agent.call('POST', '/kick-connection', { id: 'id_0x7f0001' });
    expect(kicked.status).toBe(200);
    expect(kicked.body).toEqual({ message: 'Connection ended', username: 'alice' });
    expect(oscam.requests).toContain('GET /oscamapi.json?part=status&action=kill&threadid=0x7f0001');
    const after = await agent.call('GET', '/connections');
    expect(after.body.connections.map((c: { username: string }) => c.username)).toEqual(['handuser']);

    const gone = await agent.call('POST', '/kick-connection', { id: 'id_0x7f0001' });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('CONNECTION_NOT_FOUND');
    const foreign = await agent.call('POST', '/kick-connection', { id: 'id_0x7f0002' });
    expect(foreign.status).toBe(409);
    expect(foreign.body.code).toBe('CONNECTION_NOT_MANAGED');
    expect((await agent.call('POST', '/kick-connection', {})).status).toBe(400);
  });
});

describe('oscam reload on a large server', () => {
  // OSCam's account list answers a few hundred bytes an account: far fewer accounts than a server holds fill the 8 MiB
  // the agent takes from its other web pages (50,000 here: some 10 MiB).
  const COUNT = 50_000;
  let dir: string;
  let oscam: StandInOscam;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('webif-large');
    const userFile = path.join(dir, 'oscam.user');
    await writeFile(userFile, '');
    const users = Array.from({ length: COUNT }, (_, i) => ({
      username: `many${i}`,
      password: `pw-many-${i}`,
      expiryDate: '2099-12-31',
      enabled: true,
    }));
    await writeFile(`${userFile}.linedesk.json`, JSON.stringify({ version: 1, backend: 'oscam', users }), {
      mode: 0o600,
    });
    oscam = await startStandInOscam(userFile);
    agent = await startAgent({ env: webifEnv(userFile, oscam), startupMs: 120_000 });
  }, 180_000);

  afterAll(async () => {
    await agent?.kill();
    await oscam?.close();
    await removeDir(dir);
  });

  it('reads the whole account list back after a change, and answers the change loaded', async () => {
    const add = await agent.addUser('one-more', 'one-more-pw', '31-12-2099');
    expect(add.status).toBe(200);
    expect(add.body.reload).toEqual({ status: 'ok' });
    expect(oscam.accounts()).toHaveLength(COUNT + 1);
  }, 120_000);
});

describe('oscam webif login problems', () => {
  let dir: string;
  let userFile: string;
  let oscam: StandInOscam;

  beforeEach(async () => {
    dir = await tempDir('webif-login');
    userFile = path.join(dir, 'oscam.user');
    await writeFile(userFile, HAND_WRITTEN);
    oscam = await startStandInOscam(userFile);
  });

  afterEach(async () => {
    await oscam.close();
    await removeDir(dir);
  });

  it('reports a wrong webif password as a failed reload and a failed connection list', async () => {
    const agent = await startAgent({
      env: webifEnv(userFile, oscam, { AGENT_OSCAM_WEBIF_PASSWORD: 'wrong' }),
    });
    try {
      const add = await agent.addUser('carol', 'pw', '31-12-2099');
      expect(add.body.reload.status).toBe('failed');
      expect(add.body.reload.error).toContain('refused the login (401)');
      const list = await agent.call('GET', '/connections');
      expect(list.status).toBe(502);
      expect(list.body.code).toBe('SERVER_WEB_PAGE_FAILED');
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  });

  it('answers GET /connections with a clear code when no webif is set', async () => {
    const agent = await startAgent({ env: baseEnv(userFile) });
    try {
      const list = await agent.call('GET', '/connections');
      expect(list.status).toBe(501);
      expect(list.body.code).toBe('CONNECTIONS_NOT_CONFIGURED');
      expect(list.body.message).toContain('AGENT_OSCAM_WEBIF_URL');
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  });
});

describe('oscam SIGHUP mode', () => {
  let dir: string;
  let userFile: string;

  beforeEach(async () => {
    dir = await tempDir('sighup');
    userFile = path.join(dir, 'oscam.user');
    await writeFile(userFile, HAND_WRITTEN);
    await writeFile(path.join(dir, 'oscam.pid'), `${process.pid}\n`);
  });

  afterEach(async () => {
    await removeDir(dir);
  });

  const env = () => baseEnv(userFile, { AGENT_PID_FILE: path.join(dir, 'oscam.pid') });

  it('refuses to start when oscam.conf leaves reload_useraccounts at its default', async () => {
    await writeFile(path.join(dir, 'oscam.conf'), '[global]\nlogfile = stdout\n\n[webif]\nhttpport = 0\n');
    const { code, output } = await runAgentToExit({ env: env() });
    expect(code).toBe(1);
    expect(output).toContain('no reload_useraccounts (default 0)');
    expect(output).toContain('set "reload_useraccounts = 1" in the [global] section');
  });

  it('refuses reload_useraccounts = 0, and a missing oscam.conf', async () => {
    await writeFile(path.join(dir, 'oscam.conf'), '[global]\nreload_useraccounts = 0\n');
    const off = await runAgentToExit({ env: env() });
    expect(off.code).toBe(1);
    expect(off.output).toContain('reload_useraccounts = 0 in [global]');

    const missing = await runAgentToExit({
      env: { ...env(), AGENT_OSCAM_CONF_FILE: path.join(dir, 'nowhere.conf') },
    });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('cannot read');
  });
});

describe('oscam expiry timer', () => {
  let dir: string;
  let userFile: string;
  let clockFile: string;
  let oscam: StandInOscam;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('oscam-expiry');
    userFile = path.join(dir, 'oscam.user');
    clockFile = path.join(dir, 'clock-offset');
    await writeFile(userFile, HAND_WRITTEN);
    await writeFile(clockFile, '0');
    oscam = await startStandInOscam(userFile);
    agent = await startAgent({
      env: { ...webifEnv(userFile, oscam, { AGENT_EXPIRY_CHECK_SECONDS: '1' }), FAKE_CLOCK_FILE: clockFile },
      nodeArgs: ['--import', FAKE_CLOCK],
    });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await oscam.close();
    await removeDir(dir);
  });

  it('writes a line disabled = 1 once its expiry day has passed, with nothing else changing, and enables it on renewal', async () => {
    const today = displayDateFromToday(0);
    await agent.addUser('dave', 'dave-pw', today);
    expect(await readText(userFile)).toMatch(/user = dave\n.*\n.*\n.*\ndisabled = 0/);

    await writeFile(clockFile, String(DAY_MS));
    await waitFor(async () => /user = dave\n.*\n.*\n.*\ndisabled = 1/.test(await readText(userFile)));
    // And reloaded: OSCam holds it disabled, so the expired login cannot even connect.
    await waitFor(() => oscam.accounts().find((account) => account.user === 'dave')?.disabled === true);
    expect((await agent.call('GET', '/users')).body.users).toEqual([
      { username: 'dave', expiryDate: today, enabled: true },
    ]);

    const renewed = await agent.call('PUT', '/edit-user', {
      username: 'dave',
      newExpiryDate: displayDateFromToday(40),
    });
    expect(renewed.body.reload).toEqual({ status: 'ok' });
    expect(await readText(userFile)).toMatch(/user = dave\n.*\n.*\n.*\ndisabled = 0/);
    expect(oscam.accounts().find((account) => account.user === 'dave')?.disabled).toBe(false);
  });
});
