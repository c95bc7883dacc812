import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { bulkJobDone, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const DEFAULT_KEY_TEXT = '01 02 03 04 05 06 07 08 09 10 11 12 13 14';

/** The connection_line cell of a line export for one username (no cell here needs CSV quoting). */
function connectionCell(csv: string, username: string): string | undefined {
  const [header, ...rows] = csv
    .trim()
    .split('\r\n')
    .map((row) => row.split(','));
  const column = header!.indexOf('connection_line');
  return rows.find((row) => row[0] === username)?.[column];
}

describe("a NewCamd server's own DES key", () => {
  let server: TestServer;
  let admin: TestClient;
  let agent: TestAgent;
  let seller: Account;
  let serverId: number;

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
    });
    admin = await server.admin();
    agent = await startLineAgent();
    const created = await admin.post('/api/servers', {
      server_name: 'Warsaw NewCamd',
      host_ip: '127.0.0.1',
      port: 15000,
      api_port: agent.port,
      username: agent.username,
      password: agent.password,
      protocol: 'NewCamd',
      // Pasted with spaces and in lower case, as keys often are.
      newcamd_des_key: '1f 2e 3d 4c 5b 6a 79 88 97 a6 b5 c4 d3 e2',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    serverId = created.body.id;
    expect(created.body.newcamd_des_key).toBe('1F2E3D4C5B6A798897A6B5C4D3E2');
    const tested = await admin.post(`/api/servers/${serverId}/test`);
    expect(tested.body.status, JSON.stringify(tested.body)).toBe('active');
    seller = await signUpAccount(server, 'des-key-seller@example.com', 50);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('refuses keys that are not 14 bytes of hex with INVALID_DES_KEY, on create and on update', async () => {
    const base = {
      server_name: 'Bad key',
      host_ip: '127.0.0.1',
      port: 15001,
      username: 'u',
      password: 'p',
      protocol: 'NewCamd',
    };
    for (const key of ['0102', '0102030405060708091011121314FF', 'ZZ02030405060708091011121314', '']) {
      const res = await admin.post('/api/servers', { ...base, newcamd_des_key: key });
      expect(res.status, key).toBe(422);
      expect(res.body.error.code, key).toBe('INVALID_DES_KEY');
      expect(res.body.error.message).toBe(
        'The NewCamd DES key must be 14 bytes written as 28 hexadecimal characters',
      );
    }
    const patched = await admin.patch(`/api/servers/${serverId}`, { newcamd_des_key: '01-02-03' });
    expect(patched.status).toBe(422);
    expect(patched.body.error.code).toBe('INVALID_DES_KEY');
    // A server added without a key gets the usual default.
    const plain = await admin.post('/api/servers', { ...base, server_name: 'Default key' });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.newcamd_des_key).toBe('0102030405060708091011121314');
    expect((await admin.delete(`/api/servers/${plain.body.id}`)).status).toBe(204);
  });

  it('puts the key into the line, its N: export and the bulk credentials CSV, and follows a change', async () => {
    const created = await seller.client.post('/api/lines', {
      username: 'deskey-one',
      password: 'pw-1234',
      subscription_months: 1,
      server_id: serverId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.line.newcamd_des_key).toBe('1F2E3D4C5B6A798897A6B5C4D3E2');
    const id = created.body.line.id as number;
    expect((await seller.client.get(`/api/lines/${id}`)).body.newcamd_des_key).toBe(
      '1F2E3D4C5B6A798897A6B5C4D3E2',
    );
    const exported = await seller.client.get('/api/lines/export.csv');
    expect(exported.status).toBe(200);
    expect(connectionCell(String(exported.body), 'deskey-one')).toBe(
      'N: 127.0.0.1 15000 deskey-one pw-1234 1F 2E 3D 4C 5B 6A 79 88 97 A6 B5 C4 D3 E2',
    );

    const job = await seller.client.post('/api/lines/bulk', {
      action: 'create',
      count: 2,
      username_prefix: 'deskey-bulk-',
      subscription_months: 1,
      server_id: serverId,
    });
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    await bulkJobDone(seller.client, job.body.id);
    const credentials = String((await seller.client.get(`/api/lines/bulk/${job.body.id}/results.csv`)).body);
    const rows = credentials.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const [username, password, connection] = row.split(',');
      expect(connection).toBe(
        `N: 127.0.0.1 15000 ${username} ${password} 1F 2E 3D 4C 5B 6A 79 88 97 A6 B5 C4 D3 E2`,
      );
    }

    // Back to the default: lines and exports follow their server's key as it is now.
    const patched = await admin.patch(`/api/servers/${serverId}`, {
      newcamd_des_key: '0102030405060708091011121314',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await seller.client.get(`/api/lines/${id}`)).body.newcamd_des_key).toBe(
      '0102030405060708091011121314',
    );
    const again = await seller.client.get('/api/lines/export.csv');
    expect(connectionCell(String(again.body), 'deskey-one')).toBe(
      `N: 127.0.0.1 15000 deskey-one pw-1234 ${DEFAULT_KEY_TEXT}`,
    );
  });
});
