import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import { baseEnv, readText, removeDir, startAgent, tempDir } from './agent-harness';
import { WEBINFO_LOGIN, startStandInCccamInfo } from './stand-in-servers';

// What CCcam's info page prints at /activeclients: a text table inside the HTML page, then the
// share list from "| Shareinfo" on (whose rows must not be read as clients).
const ACTIVE_CLIENTS = `<HTML><HEAD><TITLE>CCcam info pages</TITLE></HEAD><BODY><H2>Welcome to CCcam 2.3.2 server 'box'</H2>
<BR><PRE>
Connected clients: 2
+--------------------+---------------+--------------+-----------+----------+--------+---------+--------------------------------+---------+
| Username           | Host          | Connected    | Idle time | ECM      | EMM    | Version | Last used share                | Ecm time|
+--------------------+---------------+--------------+-----------+----------+--------+---------+--------------------------------+---------+
| alice              | 203.0.113.7   | 1d 02:03:04  | 00:00:09  | 120(118) | 0(0)   | 2.3.2   | 1702:000000 Sky DE local ok    | 0.212   |
| handuser           | 198.51.100.4  | 0d 00:10:00  | 00:05:00  | 0(0)     | 0(0)   | 2.1.4   |                                |         |
+--------------------+---------------+--------------+-----------+----------+--------+---------+--------------------------------+---------+
| Shareinfo          | Hop           |
| 1702:000000        | 0             |
</PRE></BODY></HTML>`;

describe('cccam: info page connections, kick, username limit, coalesced restarts', () => {
  let dir: string;
  let cfg: string;
  let restartLog: string;
  let info: Awaited<ReturnType<typeof startStandInCccamInfo>>;
  let agent: RunningAgent;

  const restarts = async () =>
    (await readText(restartLog).catch(() => '')).split('\n').filter(Boolean).length;

  beforeAll(async () => {
    dir = await tempDir('cccam-ops');
    cfg = path.join(dir, 'CCcam.cfg');
    restartLog = path.join(dir, 'restart.log');
    await writeFile(cfg, 'F: handuser handpass 1 0 0\n');
    info = await startStandInCccamInfo(() => ACTIVE_CLIENTS);
    agent = await startAgent({
      env: baseEnv(cfg, {
        AGENT_RELOAD_COMMAND: `echo restart >> ${JSON.stringify(restartLog)}`,
        // Wide enough that requests sent together arrive within it on a busy machine.
        AGENT_RELOAD_GATHER_MS: '3000',
        AGENT_CCCAM_WEBINFO_URL: info.url,
        AGENT_CCCAM_WEBINFO_USER: WEBINFO_LOGIN.username,
        AGENT_CCCAM_WEBINFO_PASSWORD: WEBINFO_LOGIN.password,
      }),
    });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await info.close();
    await removeDir(dir);
  });

  it('refuses usernames over 20 characters (CCcam sends 20), on add and in a batch', async () => {
    const long = 'abcdefghijklmnopqrstu';
    const res = await agent.addUser(long, 'pw', '01-01-2099');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Username must be at most 20 characters on a CCcam server (CCcam sends only 20)',
    );
    const batch = await agent.call('POST', '/batch', {
      changes: [{ action: 'add-user', username: long, password: 'pw', expiryDate: '01-01-2099' }],
    });
    expect(batch.body.results[0].status).toBe(400);
    expect(await readText(cfg)).not.toContain(long);

    const twenty = long.slice(0, 20);
    const ok = await agent.addUser(twenty, 'pw', '01-01-2099');
    expect(ok.status).toBe(200);
    expect(await readText(cfg)).toContain(`F: ${twenty} pw `);
  });

  it('gathers a burst of changes into one write and one restart', async () => {
    const before = await restarts();
    const names = ['burst1', 'burst2', 'burst3', 'burst4', 'burst5'];
    const answers = await Promise.all(names.map((username) => agent.addUser(username, 'pw', '01-01-2099')));
    for (const answer of answers) expect(answer.body.reload).toEqual({ status: 'ok' });
    expect((await restarts()) - before).toBe(1);
    const text = await readText(cfg);
    for (const username of names) expect(text).toContain(`F: ${username} pw `);
  });

  it('lists connected clients from the info page /activeclients', async () => {
    const before = Date.now();
    const res = await agent.call('GET', '/connections');
    expect(res.status).toBe(200);
    const [alice, hand] = res.body.connections;
    expect(res.body.connections).toHaveLength(2);
    expect(alice).toMatchObject({
      id: null,
      username: 'alice',
      managed: false,
      ip: '203.0.113.7',
      protocol: 'CCcam',
      idleSeconds: 9,
      lastChannel: '1702:000000 Sky DE local ok',
      lastCaid: '1702',
      lastSrvid: null,
      ecmOk: 118,
      ecmTotal: 120,
      state: null,
    });
    // Connected "1d 02:03:04" before the page was read.
    const since = Date.parse(alice.connectedSince);
    const connectedMs = ((24 + 2) * 3600 + 3 * 60 + 4) * 1000;
    expect(since).toBeLessThanOrEqual(Date.now() - connectedMs + 1000);
    expect(since).toBeGreaterThanOrEqual(before - connectedMs - 1000);
    expect(hand).toMatchObject({
      username: 'handuser',
      idleSeconds: 300,
      ecmOk: 0,
      ecmTotal: 0,
      lastCaid: null,
    });
  });

  it('refuses to kick a single CCcam connection with a clear code', async () => {
    const res = await agent.call('POST', '/kick-connection', { id: 'alice' });
    expect(res.status).toBe(501);
    expect(res.body.code).toBe('KICK_NOT_SUPPORTED');
    expect(res.body.message).toContain('CCcam cannot end a single connection');
  });
});
