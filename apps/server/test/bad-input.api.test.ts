import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

type Schema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
};
type Parameter = { in: string; name: string; schema?: Schema; example?: unknown };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
};

const TOO_BIG = 2_147_483_648; // int4 max + 1
const NUL = 'a\u0000b';
/** The smallest PNG signature an attachment is recognised by. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

// The event stream never ends, and signing out or ending sessions would sign the walker out.
const skipped = new Set(['GET /api/events', 'POST /api/auth/sign-out', 'DELETE /api/auth/sessions/{id}']);

/** What bad value a field takes: integers one above int4, free text (not an enum) a NUL. */
function badValue(schema: Schema | undefined): number | string | undefined {
  if (!schema) return undefined;
  if (schema.type === 'integer') return TOO_BIG;
  if (schema.type === 'string' && !schema.enum) return NUL;
  for (const option of schema.anyOf ?? []) {
    const bad = badValue(option);
    if (bad !== undefined) return bad;
  }
  return undefined;
}

type Probe = { label: string; method: string; path: string; body?: unknown };

/** Every operation of the document, sent ids above int4, NUL in text and empty PATCH bodies. */
function probes(doc: { paths: Record<string, Record<string, Operation>> }): Probe[] {
  const out: Probe[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [lower, op] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      if (skipped.has(`${method} ${template}`)) continue;
      const params = op.parameters ?? [];
      const pathWith = (override?: { name: string; value: unknown }) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) => {
          if (override?.name === name) return encodeURIComponent(String(override.value));
          const p = params.find((x) => x.in === 'path' && x.name === name);
          return encodeURIComponent(String(p?.example ?? (p?.schema?.type === 'integer' ? 1 : 'x')));
        });
      const json = op.requestBody?.content?.['application/json'];
      const example = (json?.example ?? {}) as Record<string, unknown>;
      const baseBody = json ? example : undefined;

      for (const p of params) {
        const bad = badValue(p.schema);
        if (bad === undefined) continue;
        if (p.in === 'path' && bad === TOO_BIG) {
          out.push({
            label: `path ${p.name}`,
            method,
            path: pathWith({ name: p.name, value: bad }),
            body: baseBody,
          });
        }
        if (p.in === 'query') {
          const path = `${pathWith()}?${p.name}=${encodeURIComponent(bad)}`;
          out.push({ label: `query ${p.name}`, method, path, body: baseBody });
        }
      }
      for (const [field, schema] of Object.entries(json?.schema?.properties ?? {})) {
        const bad = badValue(schema);
        if (bad === undefined) continue;
        out.push({ label: `body ${field}`, method, path: pathWith(), body: { ...example, [field]: bad } });
      }
      if (method === 'PATCH') out.push({ label: 'empty body', method, path: pathWith(), body: {} });
    }
  }
  return out;
}

async function walk(client: TestClient, list: Probe[]) {
  const failures: string[] = [];
  for (const probe of list) {
    const res = await client.request(probe.method, probe.path, probe.body);
    if (res.status >= 500) {
      failures.push(
        `${probe.method} ${probe.path} (${probe.label}) → ${res.status} ${JSON.stringify(res.body)}`,
      );
    }
  }
  return failures;
}

describe('bad input never answers 5xx', () => {
  let server: TestServer;
  let list: Probe[];
  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
    });
    const doc = await server.client().get('/api/openapi.json');
    list = probes(doc.body);
  });
  afterAll(async () => server?.close());

  it('covers the operations named in the findings', () => {
    const labels = list.map((p) => `${p.method} ${p.path.split('?')[0]} ${p.label}`);
    for (const expected of [
      'GET /api/lines query server_id',
      'GET /api/lines/export.csv query server_id',
      'POST /api/topups body package_id',
      'POST /api/auth/sign-in body email',
      'POST /api/tickets body title',
      'PUT /api/contact body email',
      'PATCH /api/groups/4 empty body',
    ]) {
      expect(labels, expected).toContain(expected);
    }
  });

  it('answers every probe below 500 for an anonymous caller', async () => {
    expect(await walk(server.client(), list)).toEqual([]);
  }, 300_000);

  it('answers every probe below 500 for an admin', async () => {
    expect(await walk(await server.admin(), list)).toEqual([]);
  }, 300_000);

  it('answers every probe below 500 for a reseller', async () => {
    const reseller = await server.signUpConfirmed('bad-input-reseller@example.com');
    expect(await walk(reseller, list)).toEqual([]);
  }, 300_000);

  it('refuses an empty PATCH of an existing row with NOTHING_TO_UPDATE', async () => {
    const admin = await server.admin();
    const code = await admin.post('/api/redeem-codes', { credits: 1 });
    const group = await admin.post('/api/groups', { name: 'Empty patch group' });
    const category = await admin.post('/api/kb/categories', { name: 'Empty patch category' });
    for (const path of [
      `/api/redeem-codes/${code.body.items[0].id}`,
      `/api/groups/${group.body.id}`,
      `/api/kb/categories/${category.body.id}`,
    ]) {
      const res = await admin.patch(path, {});
      expect(res.status, path).toBe(422);
      expect(res.body.error.code, path).toBe('NOTHING_TO_UPDATE');
    }
  });

  it('refuses NUL in text and ids above int4 with their codes', async () => {
    const admin = await server.admin();
    const signIn = await server
      .client()
      .post('/api/auth/sign-in', { email: 'a\u0000@x.io', password: 'whatever-1' });
    expect(signIn.status).toBe(422);
    expect(signIn.body.error.code).toBe('TEXT_INVALID_CHARACTER');
    const ticket = await admin.post('/api/tickets', { title: NUL, description: 'd' });
    expect(ticket.body.error.code).toBe('TEXT_INVALID_CHARACTER');
    const contact = await admin.put('/api/contact', { telegram: NUL });
    expect(contact.body.error.code).toBe('TEXT_INVALID_CHARACTER');
    const lines = await admin.get(`/api/lines?server_id=${TOO_BIG}`);
    expect(lines.status).toBe(422);
    expect(lines.body.error.code).toBe('VALIDATION');
    const topup = await admin.post('/api/topups', { package_id: TOO_BIG, payment_reference: 'x' });
    expect(topup.status).toBe(422);
    expect(topup.body.error.code).toBe('VALIDATION');
    // Ids inside a list are ids too: a bulk action's selection.
    for (const path of ['/api/lines/bulk/preview', '/api/lines/bulk']) {
      const bulk = await admin.post(path, { action: 'enable', ids: [1, TOO_BIG] });
      expect(bulk.status, `${path} ${JSON.stringify(bulk.body)}`).toBe(422);
      expect(bulk.body.error.code).toBe('VALIDATION');
    }
  });

  it('refuses NUL in a path, a redeem code, a reject reason, a header and a form before any query reaches the database', async () => {
    const admin = await server.admin();
    const reseller = await server.signUpConfirmed('bad-input-nul@example.com');
    const logsBefore = server.logs.length;

    // A path parameter decoded from %00, and one declared as a plain string.
    const session = await admin.request('DELETE', '/api/auth/sessions/%00');
    expect(session.status, JSON.stringify(session.body)).toBe(422);
    expect(session.body.error).toMatchObject({
      code: 'TEXT_INVALID_CHARACTER',
      details: [{ path: '/id', message: 'TEXT_INVALID_CHARACTER' }],
    });

    // A code with NUL is a wrong code like any other: refused alike, and kept in the history as a
    // failed attempt (the NUL stored as U+FFFD).
    const wrong = await reseller.post('/api/redeem', { code: 'ABCD-EFGH-JKLM-NPQZ' });
    const withNul = await reseller.post('/api/redeem', { code: 'ABCD-EFGH-JKLM-NP\u0000Z' });
    for (const res of [wrong, withNul]) {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.error.code).toBe('INVALID_OR_EXPIRED_CODE');
    }
    const history = await reseller.get('/api/redeem-history');
    expect(
      history.body.items.map((h: { code_hint: string; status: string; error_code: string }) => [
        h.code_hint,
        h.status,
        h.error_code,
      ]),
    ).toEqual([
      ['••••-••••-••••-NP\uFFFDZ', 'error', 'INVALID_OR_EXPIRED_CODE'],
      ['••••-••••-••••-NPQZ', 'error', 'INVALID_OR_EXPIRED_CODE'],
    ]);

    const pack = await admin.post('/api/credit-packages', { name: 'NUL pack', credits: 5, price_cents: 100 });
    const topup = await reseller.post('/api/topups', { package_id: pack.body.id, payment_reference: 'nul' });
    expect(topup.status, JSON.stringify(topup.body)).toBe(201);
    const reject = await admin.post(`/api/topups/${topup.body.id}/reject`, { reason: NUL });
    expect(reject.status, JSON.stringify(reject.body)).toBe(422);
    expect(reject.body.error.code).toBe('TEXT_INVALID_CHARACTER');
    expect((await reseller.get('/api/topups')).body.items[0]).toMatchObject({ status: 'pending' });

    // In a query string, in a list's search as in a CSV export's.
    for (const path of ['/api/accounts?search=a%00b', '/api/audit-log/export.csv?actor=a%00b']) {
      const res = await admin.get(path);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.error.code).toBe('TEXT_INVALID_CHARACTER');
    }

    // A ticket reply sent as a form: its text is refused, a file name loses the NUL.
    const ticket = await reseller.post('/api/tickets', { title: 'NUL form', description: 'd' });
    const form = (content: string, fileName?: string) => {
      const body = new FormData();
      body.append('content', content);
      if (fileName) body.append('file', new Blob([PNG], { type: 'image/png' }), fileName);
      return fetch(`${server.url}/api/tickets/${ticket.body.id}/replies`, {
        method: 'POST',
        headers: {
          cookie: [...reseller.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          origin: server.url,
          'x-forwarded-for': reseller.ip,
        },
        body,
      });
    };
    const textReply = await form(NUL);
    expect(textReply.status).toBe(422);
    expect(((await textReply.json()) as { error: { code: string } }).error.code).toBe(
      'TEXT_INVALID_CHARACTER',
    );
    const fileReply = await form('See file', 'shot\u0000.png');
    expect(fileReply.status).toBe(201);
    expect(((await fileReply.json()) as { attachment: { file_name: string } }).attachment.file_name).toBe(
      'shot.png',
    );

    // A header: Node's HTTP parser refuses NUL in one before the panel sees the request.
    const raw = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(server.url);
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.end(`GET /api/me HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0000b\r\n\r\n`),
      );
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += String(chunk)));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);

    // None of it was sent to the database to be refused there.
    expect(server.logs.slice(logsBefore).filter((l) => l.includes('reached the database'))).toEqual([]);
  });

  it('refuses a day that has the shape of a date but does not exist, in the audit log and its export', async () => {
    const admin = await server.admin();
    for (const path of ['/api/audit-log', '/api/audit-log/export.csv']) {
      for (const day of ['7712-50-55', '2026-02-30', '2026-00-10']) {
        for (const field of ['from', 'to']) {
          const res = await admin.get(`${path}?${field}=${day}`);
          expect(res.status, `${path}?${field}=${day} ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body.error.code).toBe('INVALID_INPUT');
        }
      }
    }
    // A real day, a leap day included, still filters.
    expect((await admin.get('/api/audit-log?from=2028-02-29&to=2028-02-29')).status).toBe(200);
  });

  it('refuses an export with a bad filter before streaming, with an error code', async () => {
    const admin = await server.admin();
    const res = await admin.get(`/api/lines/export.csv?server_id=${TOO_BIG}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.code).toBeTruthy();
  });

  it('answers a request whose headers are too large 431 in the error shape, says it closes the connection, and the next request of the same client is answered', async () => {
    const admin = await server.admin();
    const ask = (headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/lines/999999/freeze`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          'x-forwarded-for': admin.ip,
          cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...headers,
        },
        body: '{}',
      });
    // Over Node's 16 KiB of headers: Node cannot read the request, and the socket is closed after
    // the answer. Without `Connection: close` fetch kept that socket for its next request, which
    // then failed with "other side closed" (the fuzz test found it).
    for (let round = 0; round < 5; round += 1) {
      const refused = await ask({ 'x-padding': 'a'.repeat(20_000) });
      expect(refused.status).toBe(431);
      expect(refused.headers.get('connection')).toBe('close');
      expect(await refused.json()).toMatchObject({ error: { code: 'VALIDATION' } });
      const next = await ask();
      expect(next.status).toBe(404);
      expect((await next.json()).error.code).toBe('LINE_NOT_FOUND');
    }
  });
});
