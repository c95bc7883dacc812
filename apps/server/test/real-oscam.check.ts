// The ECM figures against a real OSCam (docs/ecm-stats.md, "Checked against a real OSCam"). Not part of
// npm test: scripts/real-oscam-check.mjs runs it when OSCAM_BIN names an OSCam binary built with the
// web interface, camd 3.5 UDP and the constant-CW reader.
import { spawn, type ChildProcess } from 'node:child_process';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, signUpAccount, type Account } from './support/line-fixtures.js';
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
function camd35Client(port: number, username: string, password: string) {
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
        const timer = setTimeout(() => reject(new Error(`OSCam did not answer ECM ${index}`)), 15_000);
        const onMessage = (message: Buffer) => {
          const plain = crypt(message.subarray(4, 4 + Math.floor((message.length - 4) / 16) * 16), true);
          if (plain.readUInt16BE(16) !== (index & 0xffff)) return;
          clearTimeout(timer);
          socket.off('message', onMessage);
          resolve(plain[0]!);
        };
        socket.on('message', onMessage);
      });
      socket.send(Buffer.concat([ucrc, crypt(body, false)]), port, '127.0.0.1');
      return answer;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
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
        const dir = path.dirname(userFile);
        const webPort = await freePort('tcp');
        camdPort = await freePort('udp');
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
        oscam = spawn(OSCAM_BIN, ['-c', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
        oscam.stdout?.on('data', (chunk: Buffer) => (oscamLog += chunk.toString()));
        oscam.stderr?.on('data', (chunk: Buffer) => (oscamLog += chunk.toString()));
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
          AGENT_BACKEND: 'oscam',
          AGENT_OSCAM_WEBIF_URL: `http://127.0.0.1:${webPort}`,
          AGENT_OSCAM_WEBIF_USER: WEBIF.username,
          AGENT_OSCAM_WEBIF_PASSWORD: WEBIF.password,
        };
      },
    });
    serverId = (await addAgentServer(admin, agent, 'Real OSCam')).id;
    owner = await signUpAccount(server, `real-oscam-${Date.now()}@example.com`, 100);
  });

  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
    if (oscam && oscam.exitCode === null) {
      const exited = new Promise((resolve) => oscam!.once('exit', resolve));
      oscam.kill('SIGTERM');
      await exited;
    }
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

    const client = camd35Client(camdPort, username, password);
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
