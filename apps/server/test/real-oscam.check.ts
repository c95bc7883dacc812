// The ECM figures and a standby taking over against a real OSCam (docs/ecm-stats.md and
// docs/standby.md, "Checked against a real OSCam"). Not part of npm test: scripts/real-oscam-check.mjs
// runs it when OSCAM_BIN names an OSCam binary built with the web interface, camd 3.5 UDP and the
// constant-CW reader.
import { spawn, type ChildProcess } from 'node:child_process';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Outage } from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addActiveServer, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const OSCAM_BIN = process.env.OSCAM_BIN ?? '';
const WEBIF = { username: 'webadmin', password: 'real-check-pw' };
/** A conditional-access system OSCam has no special handling for, so the ECM goes to the reader as sent. */
const CAID = 0x1234;
const SID_ANSWERED = 0x0101;
const SID_UNKNOWN = 0x0202;
/** How many ECMs the client asks: the constant-CW reader answers the first service and not the second. */
const ASK_ANSWERED = 12;
const ASK_UNKNOWN = 5;

const md5 = (data: string) => createHash('md5').update(data, 'utf8').digest();

async function freePort(kind: 'tcp' | 'udp'): Promise<number> {
  if (kind === 'udp') {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address();
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    return port;
  }
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A camd 3.5 UDP client (OSCam's module-camd35.c): each packet is the CRC32 of the MD5 of the user
 * name, then AES-128-ECB (key: MD5 of the password) over a 20-byte header and the ECM. OSCam answers
 * command 0x01 with the control word, 0x44 when no reader found one.
 */
function camd35Client(
  address: { host: string; port: number },
  username: string,
  password: string,
  timeoutMs = 15_000,
) {
  const key = md5(password);
  const ucrc = Buffer.alloc(4);
  ucrc.writeUInt32BE(crc32(md5(username)));
  const socket = dgram.createSocket('udp4');
  const crypt = (data: Buffer, decrypt: boolean) => {
    const cipher = decrypt
      ? createDecipheriv('aes-128-ecb', key, null)
      : createCipheriv('aes-128-ecb', key, null);
    cipher.setAutoPadding(false);
    return Buffer.concat([cipher.update(data), cipher.final()]);
  };
  let index = 0;
  return {
    /** Asks one ECM (unique, so no cache answers it) and answers OSCam's command byte. */
    async ask(sid: number): Promise<number> {
      index += 1;
      const ecm = Buffer.concat([Buffer.from([0x80, 0x70, 0x30]), randomBytes(0x30)]);
      const body = Buffer.alloc(Math.ceil((20 + ecm.length) / 16) * 16, 0xff);
      body.fill(0, 0, 20);
      body[0] = 0x00;
      body[1] = ecm.length;
      body.writeUInt32BE(crc32(ecm), 4);
      body.writeUInt16BE(sid, 8);
      body.writeUInt16BE(CAID, 10);
      body.writeUInt32BE(0, 12);
      body.writeUInt16BE(index & 0xffff, 16);
      body[18] = 0xff;
      body[19] = 0xff;
      ecm.copy(body, 20);
      const answer = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => {
          socket.off('message', onMessage);
          reject(new Error(`OSCam at ${address.host}:${address.port} did not answer ECM ${index}`));
        }, timeoutMs);
        const onMessage = (message: Buffer) => {
          const plain = crypt(message.subarray(4, 4 + Math.floor((message.length - 4) / 16) * 16), true);
          if (plain.readUInt16BE(16) !== (index & 0xffff)) return;
          clearTimeout(timer);
          socket.off('message', onMessage);
          resolve(plain[0]!);
        };
        socket.on('message', onMessage);
      });
      socket.send(Buffer.concat([ucrc, crypt(body, false)]), address.port, address.host);
      return answer;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

type RealOscam = {
  process: ChildProcess;
  camdPort: number;
  /** The agent's settings for this OSCam's web interface. */
  agentEnv: Record<string, string>;
};

/**
 * Starts OSCam over the agent's config directory (it reads the oscam.user the agent writes) with its
 * web interface, camd 3.5 UDP and the constant-CW reader `const-card`, which has a control word for
 * SID_ANSWERED only. Answers once the web interface answers.
 */
async function startOscam(userFile: string, log: (chunk: string) => void): Promise<RealOscam> {
  const dir = path.dirname(userFile);
  const webPort = await freePort('tcp');
  const camdPort = await freePort('udp');
  await writeFile(
    path.join(dir, 'oscam.conf'),
    [
      '[global]',
      `logfile = ${path.join(dir, 'oscam.log')}`,
      'clienttimeout = 5000',
      '',
      '[cs357x]',
      `port = ${camdPort}`,
      '',
      '[webif]',
      `httpport = ${webPort}`,
      `httpuser = ${WEBIF.username}`,
      `httppwd = ${WEBIF.password}`,
      'httpallowed = 127.0.0.1',
      '',
    ].join('\n'),
  );
  await writeFile(
    path.join(dir, 'oscam.server'),
    [
      '[reader]',
      'label = const-card',
      'protocol = constcw',
      `device = ${path.join(dir, 'constant.cw')}`,
      `caid = ${CAID.toString(16).padStart(4, '0')}`,
      'group = 1',
      '',
    ].join('\n'),
  );
  // CAID:PROVID:SID:PMTPID:ECMPID::CW — only the first service has a control word.
  await writeFile(
    path.join(dir, 'constant.cw'),
    `${CAID.toString(16).padStart(4, '0')}:000000:${SID_ANSWERED.toString(16).padStart(4, '0')}:0000:0000::11 22 33 66 44 55 66 ff 11 22 33 66 44 55 66 ff\n`,
  );
  const child = spawn(OSCAM_BIN, ['-c', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => log(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log(chunk.toString()));
  // Ready once its web interface answers (401: it asks for the Digest login).
  await waitFor(
    () =>
      fetch(`http://127.0.0.1:${webPort}/oscamapi.json?part=status`)
        .then((res) => res.status)
        .catch(() => 0),
    (status) => status === 401,
    60_000,
  );
  return {
    process: child,
    camdPort,
    agentEnv: {
      AGENT_BACKEND: 'oscam',
      AGENT_OSCAM_WEBIF_URL: `http://127.0.0.1:${webPort}`,
      AGENT_OSCAM_WEBIF_USER: WEBIF.username,
      AGENT_OSCAM_WEBIF_PASSWORD: WEBIF.password,
    },
  };
}

async function stopOscam(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The server's port is OSCam's camd 3.5 port: the lines' connection lines are what the client uses. */
function addRealOscamServer(admin: TestClient, agent: TestAgent, camdPort: number, name: string) {
  return addActiveServer(admin, {
    apiPort: agent.port,
    username: agent.username,
    password: agent.password,
    name,
    port: camdPort,
  });
}

describe.skipIf(!OSCAM_BIN)('ECM statistics against a real OSCam', () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let owner: Account;
  let oscam: ChildProcess | null = null;
  let oscamLog = '';
  let serverId: number;
  let camdPort: number;

  beforeAll(async () => {
    server = await startTestServer({ ECM_STATS_POLL_SECONDS: '1', LINE_CONNECTIONS_POLL_SECONDS: '0' });
    admin = await server.admin();
    agent = await startLineAgent({
      oscam: true,
      // OSCam reads the oscam.user the agent writes: its config directory is the agent's.
      envFor: async (userFile) => {
        const started = await startOscam(userFile, (chunk) => (oscamLog += chunk));
        oscam = started.process;
        camdPort = started.camdPort;
        return started.agentEnv;
      },
    });
    serverId = (await addRealOscamServer(admin, agent, camdPort, 'Real OSCam')).id;
    owner = await signUpAccount(server, `real-oscam-${Date.now()}@example.com`, 100);
  });

  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
    if (oscam) await stopOscam(oscam);
  });

  it('counts per line and per reader exactly the ECMs a camd 3.5 client asked and got answered or not', async () => {
    const username = `real${Date.now().toString(36)}`;
    const password = 'Real-Pass-42';
    const made = await owner.client.post('/api/lines', {
      username,
      password,
      subscription_months: 1,
      server_id: serverId,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const lineId = made.body.line.id as number;
    const serverStats = async () => {
      const res = await admin.get(`/api/servers/${serverId}/ecm-stats?range=1h`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as {
        polled_at: string | null;
        poll_error: string | null;
        totals: { ok: number; nok: number };
        readers: { label: string; state: string; ok: number; nok: number; avg_ms: number | null }[];
      };
    };
    // Two reads after the line was made: the first reading of its counters is the baseline.
    for (let read = 0; read < 2; read += 1) {
      const before = (await serverStats()).polled_at;
      await waitFor(serverStats, (body) => body.polled_at !== before);
    }
    expect((await serverStats()).poll_error, oscamLog).toBeNull();

    const client = camd35Client({ host: '127.0.0.1', port: camdPort }, username, password);
    const answers: number[] = [];
    try {
      for (let n = 0; n < ASK_ANSWERED; n += 1) answers.push(await client.ask(SID_ANSWERED));
      for (let n = 0; n < ASK_UNKNOWN; n += 1) answers.push(await client.ask(SID_UNKNOWN));
    } finally {
      await client.close();
    }
    const answered = answers.filter((command) => command === 0x01).length;
    const notFound = answers.filter((command) => command === 0x44).length;
    expect({ answered, notFound }, oscamLog).toEqual({ answered: ASK_ANSWERED, notFound: ASK_UNKNOWN });

    const line = await waitFor(
      async () => (await owner.client.get(`/api/lines/${lineId}/ecm-stats?range=1h`)).body,
      (body) => body.totals?.ok + body.totals?.nok >= ASK_ANSWERED + ASK_UNKNOWN,
    );
    const stats = await waitFor(serverStats, (body) => {
      const card = body.readers.find((reader) => reader.label === 'const-card');
      return (card?.ok ?? 0) + (card?.nok ?? 0) >= ASK_ANSWERED + ASK_UNKNOWN;
    });
    const card = stats.readers.find((reader) => reader.label === 'const-card')!;
    console.log(
      'real OSCam check:',
      JSON.stringify({
        client: { answered, notFound },
        line: line.totals,
        server: stats.totals,
        reader: { label: card.label, state: card.state, ok: card.ok, nok: card.nok, avg_ms: card.avg_ms },
      }),
    );
    expect({ ok: line.totals.ok, nok: line.totals.nok }).toEqual({ ok: answered, nok: notFound });
    expect({ ok: card.ok, nok: card.nok }).toEqual({ ok: answered, nok: notFound });
    expect(card.state).toBe('CARDOK');
    expect({ ok: stats.totals.ok, nok: stats.totals.nok }).toEqual({ ok: answered, nok: notFound });
  });
});

/**
 * A receiver with several connection lines (an OSCam reader per line, CCcam's C: lines): it asks on
 * the line it uses, and when that one does not answer in time it goes on to the next, in order.
 */
function failoverClient(hostPorts: string[], username: string, password: string) {
  const clients = hostPorts.map((hostPort) => {
    const [host, port] = hostPort.split(':');
    return camd35Client({ host: host!, port: Number(port) }, username, password, 3_000);
  });
  let current = 0;
  return {
    /** Answers OSCam's command byte and the connection line that answered. */
    async ask(sid: number): Promise<{ command: number; line: string }> {
      for (let tries = 0; tries < clients.length; tries += 1) {
        try {
          return { command: await clients[current]!.ask(sid), line: hostPorts[current]! };
        } catch {
          current = (current + 1) % clients.length;
        }
      }
      throw new Error(`none of ${hostPorts.join(', ')} answered`);
    },
    close: () => Promise.all(clients.map((client) => client.close())),
  };
}

describe.skipIf(!OSCAM_BIN)('a standby OSCam takes over when the primary OSCam stops', () => {
  let server: TestServer;
  let admin: TestClient;
  let owner: Account;
  const oscams: { primary?: RealOscam; standby?: RealOscam } = {};
  const agents: { primary?: TestAgent; standby?: TestAgent } = {};
  let oscamLog = '';
  const ids = { primary: 0, standby: 0 };

  beforeAll(async () => {
    server = await startTestServer({ ECM_STATS_POLL_SECONDS: '1', LINE_CONNECTIONS_POLL_SECONDS: '0' });
    admin = await server.admin();
    for (const role of ['primary', 'standby'] as const) {
      agents[role] = await startLineAgent({
        oscam: true,
        envFor: async (userFile) => {
          oscams[role] = await startOscam(userFile, (chunk) => (oscamLog += `[${role}] ${chunk}`));
          return oscams[role].agentEnv;
        },
      });
    }
    for (const role of ['primary', 'standby'] as const) {
      const name = role === 'primary' ? 'Real OSCam primary' : 'Real OSCam standby';
      ids[role] = (await addRealOscamServer(admin, agents[role]!, oscams[role]!.camdPort, name)).id;
    }
    owner = await signUpAccount(server, `real-standby-${Date.now()}@example.com`, 100);
  });

  afterAll(async () => {
    await server?.close();
    for (const role of ['primary', 'standby'] as const) {
      await agents[role]?.cleanup();
      if (oscams[role]) await stopOscam(oscams[role].process);
    }
  });

  type ServerStats = {
    polled_at: string | null;
    poll_error: string | null;
    totals: { ok: number; nok: number };
    readers: { label: string; state: string; ok: number; nok: number }[];
  };
  const serverStats = async (id: number) => {
    const res = await admin.get(`/api/servers/${id}/ecm-stats?range=1h`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ServerStats;
  };
  const cardOk = (stats: ServerStats) => stats.readers.find((r) => r.label === 'const-card')?.ok ?? 0;
  /** Two polls from now: the first reading of a new account's counters is its baseline. */
  const twoPolls = async (id: number) => {
    for (let read = 0; read < 2; read += 1) {
      const before = (await serverStats(id)).polled_at;
      await waitFor(
        () => serverStats(id),
        (body) => body.polled_at !== before,
      );
    }
  };
  const userFileHas = async (role: 'primary' | 'standby', username: string) =>
    (await readFile(agents[role]!.configFile, 'utf8'))
      .split('\n')
      .some((l) => /^\s*user\s*=/.test(l) && l.split('=')[1]!.trim() === username);

  it("serves the line's customer from the standby once the primary is stopped, and records the primary's outage", async () => {
    const settings = await admin.put('/api/ecm-settings', {
      outage_minutes: 0,
      outage_answer_rate_percent: 50,
      outage_compensate: false,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const set = await admin.put(`/api/servers/${ids.primary}/standby`, { standby_id: ids.standby });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const username = `stby${Date.now().toString(36)}`;
    const password = 'Standby-Pass-42';
    const made = await owner.client.post('/api/lines', {
      username,
      password,
      subscription_months: 1,
      server_id: ids.primary,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const lineId = made.body.line.id as number;
    const line = await waitFor(
      async () => (await owner.client.get(`/api/lines/${lineId}`)).body,
      (body) => body.sync_state === 'synced',
    );
    // Both connection lines, the primary's first: what the customer's receiver is given.
    const primaryAddress = `127.0.0.1:${oscams.primary!.camdPort}`;
    const standbyAddress = `127.0.0.1:${oscams.standby!.camdPort}`;
    expect(line.host_port).toEqual([primaryAddress, standbyAddress]);
    // The sale reached both OSCams' account files (the standby's through its own outbox row).
    await waitFor(
      async () => (await userFileHas('primary', username)) && (await userFileHas('standby', username)),
      (both) => both,
    );
    await Promise.all([twoPolls(ids.primary), twoPolls(ids.standby)]);
    const standbyBefore = await serverStats(ids.standby);

    const client = failoverClient(line.host_port as string[], username, password);
    const before: { command: number; line: string }[] = [];
    const after: { command: number; line: string }[] = [];
    let stoppedAt = '';
    try {
      for (let n = 0; n < 4; n += 1) before.push(await client.ask(SID_ANSWERED));
      stoppedAt = new Date().toISOString();
      await stopOscam(oscams.primary!.process);
      for (let n = 0; n < 4; n += 1) after.push(await client.ask(SID_ANSWERED));
    } finally {
      await client.close();
    }
    expect(before, oscamLog).toEqual(Array(4).fill({ command: 0x01, line: primaryAddress }));
    expect(after, oscamLog).toEqual(Array(4).fill({ command: 0x01, line: standbyAddress }));

    // What an operator sees: the primary's outage (its agent answers, its OSCam does not) ...
    const outage = await waitFor(
      async () => {
        const res = await admin.get('/api/outages');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return (res.body.outages as Outage[]).find((o) => o.server_id === ids.primary && o.ended_at === null);
      },
      (found) => found !== undefined,
    );
    expect(outage!.cause).toBe('server_not_answering');
    expect(outage!.affected_lines).toBe(1);
    expect(outage!.started_at >= stoppedAt).toBe(true);
    const primaryStats = await serverStats(ids.primary);
    expect(primaryStats.poll_error).toMatch(/^Agent answered 502: /);
    // ... and the standby's reader answering the customer's control words.
    const standbyAfter = await waitFor(
      () => serverStats(ids.standby),
      (stats) => cardOk(stats) >= cardOk(standbyBefore) + after.length,
    );
    expect(cardOk(standbyAfter) - cardOk(standbyBefore)).toBe(after.length);
    expect(standbyAfter.poll_error).toBeNull();
    const listed = (await admin.get('/api/servers')).body.items as {
      id: number;
      status: string;
      standby_id: number | null;
    }[];
    const primaryRow = listed.find((s) => s.id === ids.primary)!;
    console.log(
      'real OSCam standby check:',
      JSON.stringify({
        line: line.host_port,
        before: before.map((a) => a.line),
        after: after.map((a) => a.line),
        outage: { cause: outage!.cause, affected_lines: outage!.affected_lines, ended_at: outage!.ended_at },
        primary: { status: primaryRow.status, poll_error: primaryStats.poll_error },
        standby: { reader_ok_before: cardOk(standbyBefore), reader_ok_after: cardOk(standbyAfter) },
      }),
    );
    expect(primaryRow.standby_id).toBe(ids.standby);

    // Promoting the standby moves the line onto it for good; its customer keeps watching from it.
    const promoted = await admin.post(`/api/servers/${ids.primary}/promote-standby`);
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(202);
    const moved = await waitFor(
      async () => (await owner.client.get(`/api/lines/${lineId}`)).body,
      (body) => body.server_id === ids.standby,
    );
    expect(moved.host_port).toEqual([standbyAddress]);
    expect(await userFileHas('standby', username)).toBe(true);
    const again = camd35Client({ host: '127.0.0.1', port: oscams.standby!.camdPort }, username, password);
    try {
      expect(await again.ask(SID_ANSWERED)).toBe(0x01);
    } finally {
      await again.close();
    }
    console.log(
      'real OSCam standby promoted:',
      JSON.stringify({ host_port: moved.host_port, sync_state: moved.sync_state }),
    );
  });
});
