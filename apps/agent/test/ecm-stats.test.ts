import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import { baseEnv, removeDir, startAgent, tempDir } from './agent-harness';
import {
  WEBIF_LOGIN,
  WEBINFO_LOGIN,
  startStandInCccamInfo,
  startStandInOscam,
  type StandInClient,
  type StandInOscam,
} from './stand-in-servers';

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

describe('GET /ecm-stats on OSCam (webif userstats and status)', () => {
  let dir: string;
  let oscam: StandInOscam;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('ecm-oscam');
    const userFile = path.join(dir, 'oscam.user');
    await writeFile(userFile, '[account]\nuser = handuser\npwd = handpass\ngroup = 1\n');
    oscam = await startStandInOscam(userFile);
    agent = await startAgent({
      env: baseEnv(userFile, {
        AGENT_OSCAM_WEBIF_URL: oscam.url,
        AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
        AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
      }),
    });
    expect((await agent.addUser('alice', 'alice-pw', '31-12-2099')).status).toBe(200);
    expect((await agent.addUser('quiet', 'quiet-pw', '31-12-2099')).status).toBe(200);
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await oscam.close();
    await removeDir(dir);
  });

  it('gives no counters for an account OSCam does not list yet, though a client of that name is connected: they are not 0', async () => {
    oscam.setClients([client({ thid: 'id_9', name: 'not-loaded', chname: 'Sky Cinema' })]);
    oscam.setCounters('not-loaded', 40, 1, { lastMs: 300 });
    const res = await agent.call('GET', '/ecm-stats');
    expect(res.status).toBe(200);
    // OSCam lists the counters of the accounts it has loaded; this one is not in oscam.user.
    expect(res.body.accounts).toContainEqual(
      expect.objectContaining({ username: 'not-loaded', online: true, ecmOk: null, ecmNok: null }),
    );
    expect(res.body.accounts).toContainEqual(
      expect.objectContaining({ username: 'quiet', managed: true, ecmOk: 0, ecmNok: 0 }),
    );
  });

  it('answers each managed account with its counters, the connected ones with their channel, and the readers', async () => {
    oscam.setClients([
      client({ thid: 'id_1', name: 'alice', idle: 40, srvid: '0001', chname: 'Old channel' }),
      client({ thid: 'id_2', name: 'alice', idle: 2, caid: '098c', srvid: '0085', chname: 'Sky Cinema' }),
      client({ thid: 'id_3', name: 'handuser', caid: '0000', srvid: '0000', chname: '' }),
      client({
        thid: 'id_4',
        name: 'card1',
        type: 'r',
        protocol: 'internal',
        status: 'CARDOK',
        ecmtime: 187,
      }),
      client({ thid: 'id_5', name: 'peer', type: 'p', protocol: 'cccam', status: 'OFF', ecmtime: 0 }),
    ]);
    oscam.setCounters('alice', 940, 20, { timeout: 35, ignored: 5, lastMs: 231 });
    oscam.setCounters('handuser', 3, 0, { lastMs: 90 });
    oscam.setReader('card1', { ok: 812, notFound: 40, timeout: 7 });
    oscam.setReader('peer', { ok: 0, notFound: 3 });
    // Disabled in oscam.server: no thread, so only part=readerlist names it.
    oscam.setReader('spare card', { ok: 5, notFound: 1, enabled: false });
    // Enabled, but not in part=status: its state is the list's ("online": a card answers).
    oscam.setReader('emu', { ok: 9, notFound: 0 });

    const res = await agent.call('GET', '/ecm-stats');
    expect(res.status).toBe(200);
    expect(oscam.requests).toContain('GET /oscamapi.json?part=userstats');
    expect(res.body.accounts).toEqual([
      {
        username: 'alice',
        managed: true,
        online: true,
        ecmOk: 940,
        // Not found, refused (cwignore) and timed out alike: the receiver got no picture for them.
        ecmNok: 60,
        lastAnswerMs: 231,
        lastCaid: '098C',
        lastSrvid: '0085',
        lastChannel: 'Sky Cinema',
      },
      {
        username: 'handuser',
        managed: false,
        online: true,
        ecmOk: 3,
        ecmNok: 0,
        lastAnswerMs: 90,
        lastCaid: null,
        lastSrvid: null,
        lastChannel: null,
      },
      {
        username: 'quiet',
        managed: true,
        online: false,
        ecmOk: 0,
        ecmNok: 0,
        lastAnswerMs: null,
        lastCaid: null,
        lastSrvid: null,
        lastChannel: null,
      },
    ]);
    expect(oscam.requests).toContain('GET /oscamapi.json?part=readerlist');
    expect(res.body.readers).toEqual([
      // Not found and timed out alike, as for accounts.
      { label: 'card1', protocol: 'internal', state: 'CARDOK', lastAnswerMs: 187, ecmOk: 812, ecmNok: 47 },
      { label: 'emu', protocol: '', state: 'CARDOK', lastAnswerMs: null, ecmOk: 9, ecmNok: 0 },
      { label: 'peer', protocol: 'cccam', state: 'OFF', lastAnswerMs: null, ecmOk: 0, ecmNok: 3 },
      { label: 'spare card', protocol: '', state: 'OFF', lastAnswerMs: null, ecmOk: 5, ecmNok: 1 },
    ]);
    expect(res.body.message).toBe('3 accounts, 4 readers');
  });

  it('answers 502 SERVER_WEB_PAGE_FAILED when the webif refuses the login', async () => {
    const dir2 = await tempDir('ecm-oscam-bad');
    const userFile = path.join(dir2, 'oscam.user');
    await writeFile(userFile, '');
    const bad = await startAgent({
      env: baseEnv(userFile, {
        AGENT_OSCAM_WEBIF_URL: oscam.url,
        AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
        AGENT_OSCAM_WEBIF_PASSWORD: 'wrong',
      }),
    });
    try {
      const res = await bad.call('GET', '/ecm-stats');
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('SERVER_WEB_PAGE_FAILED');
    } finally {
      await bad.stop();
      await removeDir(dir2);
    }
  });

  it('answers 502 SERVER_NOT_ANSWERING when nothing answers at the webif address (OSCam stopped)', async () => {
    const dir2 = await tempDir('ecm-oscam-down');
    const userFile = path.join(dir2, 'oscam.user');
    await writeFile(userFile, '');
    // A port just freed: nothing listens there, as when OSCam is stopped behind a running agent.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await startAgent({
      env: baseEnv(userFile, {
        AGENT_OSCAM_WEBIF_URL: `http://127.0.0.1:${port}`,
        AGENT_OSCAM_WEBIF_USER: WEBIF_LOGIN.username,
        AGENT_OSCAM_WEBIF_PASSWORD: WEBIF_LOGIN.password,
      }),
    });
    try {
      const res = await down.call('GET', '/ecm-stats');
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('SERVER_NOT_ANSWERING');
      expect(res.body.message).toContain('ECONNREFUSED');
    } finally {
      await down.stop();
      await removeDir(dir2);
    }
  });
});

const ACTIVE_CLIENTS = `<HTML><BODY><PRE>
| Username           | Host          | Connected    | Idle time | ECM      | EMM    | Version | Last used share                | Ecm time|
+--------------------+---------------+--------------+-----------+----------+--------+---------+--------------------------------+---------+
| alice              | 203.0.113.7   | 1d 02:03:04  | 00:00:09  | 120(118) | 0(0)   | 2.3.2   | 1702:000000 Sky DE local ok    | 0.212   |
| alice              | 203.0.113.9   | 0d 00:03:04  | 00:00:01  | 30(20)   | 0(0)   | 2.3.2   | 1702:000000 Sky DE local ok    | 0.300   |
| handuser           | 198.51.100.4  | 0d 00:10:00  | 00:05:00  | 0(0)     | 0(0)   | 2.1.4   |                                |         |
| Shareinfo          | Hop           |
| 1702:000000        | 0             |
</PRE></BODY></HTML>`;

describe('GET /ecm-stats on CCcam (info page)', () => {
  let dir: string;
  let info: Awaited<ReturnType<typeof startStandInCccamInfo>>;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('ecm-cccam');
    const cfg = path.join(dir, 'CCcam.cfg');
    await writeFile(cfg, 'F: handuser handpass 1 0 0\n');
    info = await startStandInCccamInfo(() => ACTIVE_CLIENTS);
    agent = await startAgent({
      env: baseEnv(cfg, {
        AGENT_CCCAM_WEBINFO_URL: info.url,
        AGENT_CCCAM_WEBINFO_USER: WEBINFO_LOGIN.username,
        AGENT_CCCAM_WEBINFO_PASSWORD: WEBINFO_LOGIN.password,
      }),
    });
    expect((await agent.addUser('bob', 'bob-pw', '31-12-2099')).status).toBe(200);
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await info.close();
    await removeDir(dir);
  });

  it("sums each account's connections (answered in brackets), without answer times or readers", async () => {
    const res = await agent.call('GET', '/ecm-stats');
    expect(res.status).toBe(200);
    expect(res.body.accounts).toEqual([
      expect.objectContaining({ username: 'alice', managed: false, online: true, ecmOk: 138, ecmNok: 12 }),
      expect.objectContaining({ username: 'bob', managed: true, online: false, ecmOk: 0, ecmNok: 0 }),
      expect.objectContaining({ username: 'handuser', managed: false, online: true, ecmOk: 0, ecmNok: 0 }),
    ]);
    expect(res.body.accounts[0]).toMatchObject({ lastAnswerMs: null, lastCaid: '1702' });
    expect(res.body.readers).toEqual([]);
  });
});
