// The world the access matrix walks: a server with one of everything owned by a victim no role owns,
// the roles that call it, and a fingerprint of the database to prove a refusal changed nothing. Each
// part of the matrix (access-matrix-*.api.test.ts) builds its own, so the parts run on their own, in
// any order or side by side, and each finishes well inside its limit on a busy machine.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { staffActors, type Fixtures, type MatrixRow, type Role } from './access-matrix.js';
import { databaseFingerprint } from './db-fingerprint.js';
import { addActiveServer, signUpAccount, startScriptedAgent, type ScriptedAgent } from './line-fixtures.js';
import type { TestClient, TestResponse } from './test-client.js';
import { startTestServer, type TestServer } from './test-server.js';
import { freePort } from '../../../agent/test/ports.js';
import { waitFor } from './wait-for.js';

export type Parameter = { in: string; name: string; schema?: { type?: string }; example?: unknown };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
};
export type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** A 1×1 PNG: attachments are checked by their bytes. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ab6b6d4a0000000049454e44ae426082',
    'hex',
  ),
]);

/** Text only the victim's own rows carry: no answer to anyone but an admin may contain it. */
export const MARK = 'victimmark';

/**
 * What a refused request may legitimately write: a failed sign-in is counted (that is the limit), and
 * a key's last use is recorded however the request ends.
 */
const writtenOnRefusal = new Set(['auth_failures', 'api_keys.last_used_at']);

export type MatrixWorld = {
  server: TestServer;
  doc: OpenApi;
  f: Fixtures;
  /** Calls one operation as one role, with the row's parameters and body, as a browser or a key would. */
  call: (role: Role, method: string, template: string, row: MatrixRow) => Promise<TestResponse>;
  /** A digest per table (and per watched column) of what the database holds now. */
  fingerprint: () => Promise<Record<string, string>>;
  close: () => Promise<void>;
};

/** Every operation of the OpenAPI document, as `METHOD /path`. */
export function operations(doc: OpenApi): { key: string; method: string; template: string }[] {
  const out: { key: string; method: string; template: string }[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      out.push({ key: `${method.toUpperCase()} ${template}`, method: method.toUpperCase(), template });
    }
  }
  return out;
}

export async function startMatrixWorld(): Promise<MatrixWorld> {
  const server = await startTestServer({
    SERVER_CHECK_INTERVAL_SECONDS: '0',
    LINE_RECONCILE_INTERVAL_SECONDS: '0',
    LINE_CONNECTIONS_POLL_SECONDS: '0',
    ECM_STATS_POLL_SECONDS: '0',
    LINE_ENDED_INTERVAL_SECONDS: '0',
    REMINDER_INTERVAL_MINUTES: '0',
    // The key of reseller A makes one request per operation, more than a minute's default allows.
    API_KEY_RATE_LIMIT_PER_MINUTE: '100000',
    // The victim's webhook points at a closed port on loopback, and its first failure is final, so
    // the victim has a failed delivery the others must not see or retry.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    NOTIFICATION_MAX_ATTEMPTS: '1',
    NOTIFICATION_POLL_MS: '100',
    // Metrics on, so the matrix sees the endpoint refuse every session and key (the token is not theirs).
    METRICS_TOKEN: 'matrix-metrics-token-0123456789',
  });
  const doc = (await server.client().get('/api/openapi.json')).body as OpenApi;
  const agent = await startScriptedAgent();
  // Every call of the panel to this agent succeeds, the reconciliation's list of users included.
  agent.answer({ status: 200, body: { message: 'ok', users: [], accounts: [] } });
  try {
    return await populate(server, agent, doc);
  } catch (error) {
    await server.close();
    await agent.close();
    throw error;
  }
}

async function populate(server: TestServer, agent: ScriptedAgent, doc: OpenApi): Promise<MatrixWorld> {
  const admin = await server.admin();
  // An admin transfers from its own balance, like anyone.
  const adminId = (await admin.get('/api/me')).body.id;
  expect((await admin.put(`/api/accounts/${adminId}/credits`, { credits: 100 })).status).toBe(200);

  const server1 = await addActiveServer(admin, { apiPort: agent.port, name: 'Matrix server' });
  // The plan examples sell packages (groups 1 and 3): a server names them, as an admin does first.
  const named = await admin.patch(`/api/servers/${server1.id}`, {
    group_names: { '1': 'Sports', '3': 'Movies' },
  });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  const spare = await admin.post('/api/servers', {
    server_name: 'Spare',
    host_ip: '127.0.0.1',
    port: 12001,
    api_port: agent.port,
    username: 'panel',
    password: 'secret-password',
  });

  // The victim: a reseller none of the roles owns, with one of everything.
  const victim = await signUpAccount(server, `${MARK}@example.com`, 100);
  await victim.client.patch('/api/me', { full_name: `${MARK} Owner` });
  const line = await victim.client.post('/api/lines', {
    username: `${MARK}-line`,
    password: `${MARK}-password`,
    subscription_months: 1,
    server_id: server1.id,
    notes: MARK,
  });
  expect(line.status, JSON.stringify(line.body)).toBe(201);
  const ticket = await victim.client.post('/api/tickets', { title: `${MARK} ticket`, description: MARK });
  const closedPort = await freePort();
  const hook = await victim.client.put('/api/notifications/webhook', {
    url: `http://127.0.0.1:${closedPort}/${MARK}`,
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(200);
  expect((await victim.client.post('/api/notifications/test')).status).toBe(202);
  const failedDelivery = await waitFor(
    async () => (await victim.client.get('/api/notifications/deliveries')).body.items[0],
    (item: { id: number; status: string } | undefined) => item?.status === 'dead',
  );
  const form = new FormData();
  form.append('content', `${MARK} reply`);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'victim.png');
  const reply = await fetch(`${server.url}/api/tickets/${ticket.body.id}/replies`, {
    method: 'POST',
    headers: {
      cookie: [...victim.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      origin: server.url,
      'x-forwarded-for': victim.client.ip,
    },
    body: form,
  });
  const replyBody = await reply.json();
  expect(reply.status, JSON.stringify(replyBody)).toBe(201);
  // A draft import of the admin's whose one row is refused, so starting it changes nothing.
  const importForm = new FormData();
  importForm.append('file', new Blob(['username;password\nsp ace;pw\n']), 'lines.csv');
  const lineImport = await fetch(`${server.url}/api/line-imports`, {
    method: 'POST',
    headers: {
      cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      origin: server.url,
      'x-forwarded-for': admin.ip,
    },
    body: importForm,
  });
  const lineImportBody = await lineImport.json();
  expect(lineImport.status, JSON.stringify(lineImportBody)).toBe(201);
  const pkg = await admin.post('/api/credit-packages', {
    name: 'Matrix pack',
    credits: 10,
    price_cents: 500,
    currency: 'EUR',
  });
  const topup = await victim.client.post('/api/topups', {
    package_id: pkg.body.id,
    payment_reference: `${MARK} transfer 1`,
  });
  const topup2 = await victim.client.post('/api/topups', {
    package_id: pkg.body.id,
    payment_reference: `${MARK} transfer 2`,
  });
  const credited = await victim.client.post('/api/topups', {
    package_id: pkg.body.id,
    payment_reference: `${MARK} transfer 4`,
  });
  const approvedTopup = await admin.post(`/api/topups/${credited.body.id}/approve`);
  expect(approvedTopup.status, JSON.stringify(approvedTopup.body)).toBe(200);
  const toRevoke = await victim.client.post('/api/topups', {
    package_id: pkg.body.id,
    payment_reference: `${MARK} transfer 5`,
  });
  expect((await admin.post(`/api/topups/${toRevoke.body.id}/approve`)).status).toBe(200);
  const method = await admin.post('/api/payment-methods', {
    kind: 'manual',
    name: 'Matrix transfer',
    // The admin's, shown to every reseller: it must not carry the victim's mark.
    instructions: 'Pay to the matrix account',
  });
  const awaiting = await victim.client.post('/api/topups', {
    package_id: pkg.body.id,
    method_id: method.body.id,
  });
  const toCancel = await victim.client.post('/api/topups', {
    package_id: pkg.body.id,
    method_id: method.body.id,
  });
  const withProof = await victim.client.post('/api/topups', {
    package_id: pkg.body.id,
    method_id: method.body.id,
  });
  const proofForm = new FormData();
  proofForm.append('payment_reference', `${MARK} transfer 3`);
  proofForm.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'victim-proof.png');
  const proofSubmit = await fetch(`${server.url}/api/topups/${withProof.body.id}/submit`, {
    method: 'POST',
    headers: {
      cookie: [...victim.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      origin: server.url,
      'x-forwarded-for': victim.client.ip,
    },
    body: proofForm,
  });
  expect(proofSubmit.status, await proofSubmit.clone().text()).toBe(200);
  const key = await victim.client.post('/api/api-keys', { name: `${MARK} key` });
  const sessions = await victim.client.get('/api/auth/sessions');
  const message = await admin.post('/api/messages', {
    title: `${MARK} message`,
    content: MARK,
    recipient_email: victim.email,
  });
  const bulk = await victim.client.post('/api/lines/bulk', {
    action: 'renew',
    ids: [line.body.line.id],
    subscription_months: 1,
  });
  expect(bulk.status, JSON.stringify(bulk.body)).toBe(202);
  const codes = await victim.client.post('/api/activation-codes', { count: 2, subscription_months: 1 });
  expect(codes.status, JSON.stringify(codes.body)).toBe(201);
  // Signed up, never confirmed: what an admin's resend is for.
  const unconfirmed = await server.client().post('/api/auth/sign-up', {
    email: `${MARK}-unconfirmed@example.com`,
    password: 'unconfirmed-password-1',
  });
  expect(unconfirmed.status, JSON.stringify(unconfirmed.body)).toBe(201);
  const found = await admin.get(`/api/accounts?search=${MARK}-unconfirmed`);
  const code = await admin.post('/api/redeem-codes', { credits: 1, count: 2, max_uses: 50 });
  const group = await admin.post('/api/groups', { name: 'Matrix group' });
  const plan = await admin.post('/api/line-plans', {
    name: 'Matrix plan',
    prices: [{ months: 1, credits: 3 }],
    restrictions: { uniq: 1 },
  });
  const category = await admin.post('/api/kb/categories', { name: 'Matrix empty category' });
  const articleCategory = await admin.post('/api/kb/categories', { name: 'Matrix articles' });
  const draft = await admin.post('/api/kb/articles', {
    title: `${MARK} draft`,
    body: MARK,
    category_id: articleCategory.body.id,
    published: false,
  });

  const f: Fixtures = {
    victimId: victim.id,
    victimEmail: victim.email,
    victimLine: line.body.line.id,
    victimTicket: ticket.body.id,
    victimAttachment: String(replyBody.attachment.url).split('/').pop()!,
    victimTopup: topup.body.id,
    victimTopupToReject: topup2.body.id,
    victimTopupCredited: credited.body.id,
    victimTopupAwaiting: awaiting.body.id,
    victimTopupToCancel: toCancel.body.id,
    victimTopupToRevoke: toRevoke.body.id,
    victimTopupWithProof: withProof.body.id,
    victimApiKey: key.body.id,
    victimSession: (sessions.body.items ?? sessions.body)[0].id,
    victimMessage: message.body.id,
    victimDelivery: failedDelivery!.id,
    victimBulkJob: bulk.body.id,
    adminLineImport: lineImportBody.id,
    victimActivationCode: codes.body.items[0].id,
    victimActivationCodeText: codes.body.items[1].code,
    unconfirmedAccount: found.body.items[0]?.id,
    server: server1.id,
    spareServer: spare.body.id,
    redeemCode: code.body.items[0].id,
    redeemCodeText: code.body.items[0].code,
    redeemCodeTextForKey: code.body.items[1].code,
    creditPackage: pkg.body.id,
    paymentMethod: method.body.id,
    linePlan: plan.body.id,
    group: group.body.id,
    kbCategory: category.body.id,
    kbArticleCategory: articleCategory.body.id,
    kbDraft: draft.body.id,
  };
  for (const [name, value] of Object.entries(f)) {
    expect(value, `fixture ${name}`).toBeDefined();
  }

  // The roles.
  const resellerA = await signUpAccount(server, 'matrix-reseller-a@example.com', 50);
  const resellerB = await signUpAccount(server, 'matrix-reseller-b@example.com', 50);
  const sub = await resellerA.client.post('/api/accounts', {
    email: 'matrix-sub-a@example.com',
    password: 'sub-password-1',
  });
  expect(sub.status, JSON.stringify(sub.body)).toBe(201);
  const subId = sub.body.id ?? sub.body.account?.id;
  const moved = await resellerA.client.post(`/api/accounts/${subId}/transfer`, { amount: 10 });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const subClient = server.client();
  const signedIn = await subClient.post('/api/auth/sign-in', {
    email: 'matrix-sub-a@example.com',
    password: 'sub-password-1',
  });
  expect(signedIn.status).toBe(200);
  expect((await subClient.get('/api/me')).body.group_id).toBe(2);
  const keyA = await resellerA.client.post('/api/api-keys', { name: 'Reseller A key' });
  const apiKeyA: string = keyA.body.key;

  const callers = new Map<Role, TestClient>();
  callers.set('anonymous', server.client());
  callers.set('user', await server.signUpConfirmed('matrix-user@example.com'));
  callers.set('resellerA', resellerA.client);
  callers.set('resellerB', resellerB.client);
  callers.set('subResellerA', subClient);
  callers.set('apiKeyA', server.client());
  callers.set('admin', admin);
  // The staff members, scoped to reseller A's subtree (the victim is outside it).
  for (const role of staffActors) {
    const member = await signUpAccount(server, `matrix-${role}@example.com`);
    const set = await admin.put(`/api/accounts/${member.id}/staff`, { role, scope_id: resellerA.id });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    callers.set(role, member.client);
  }

  // The victim's bulk action has ended and its line reaches its server before the walk starts, so
  // nothing moves in the background while the refusals are checked.
  await waitFor(
    () => victim.client.get(`/api/lines/bulk/${f.victimBulkJob}`),
    (r) => r.body.status === 'done',
  );
  await waitFor(
    () => victim.client.get(`/api/lines/${f.victimLine}`),
    (r) => r.body.sync_state === 'synced',
  );

  // Notices the setup caused are delivered by the background job; let it finish before fingerprints.
  await waitFor(
    async () =>
      (
        await server.built.ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from notification_outbox where status = 'pending'`,
        )
      ).rows[0]!.n,
    (pending) => pending === 0,
  );
  const fingerprint = await databaseFingerprint(server, writtenOnRefusal);

  function fill(template: string, row: MatrixRow): string {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const fixture = row.params?.[name];
      if (!fixture) throw new Error(`${template}: no fixture for path parameter {${name}}`);
      return encodeURIComponent(String(f[fixture]));
    });
    const query = row.query ? new URLSearchParams(row.query(f)).toString() : '';
    return query ? `${path}?${query}` : path;
  }

  async function call(role: Role, method: string, template: string, row: MatrixRow): Promise<TestResponse> {
    const client = callers.get(role)!;
    const op = doc.paths[template]![method.toLowerCase()]!;
    const path = fill(template, row);
    const headers: Record<string, string> = { 'x-forwarded-for': client.ip };
    if (role === 'apiKeyA') headers.authorization = `Bearer ${apiKeyA}`;
    else if (client.cookies.size > 0) {
      headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (method !== 'GET' && role !== 'apiKeyA') headers.origin = server.url;

    let body: BodyInit | undefined;
    if (row.form) {
      const form = new FormData();
      for (const [k, v] of Object.entries(row.form)) form.append(k, v);
      body = form;
    } else if (method !== 'GET') {
      const example = op.requestBody?.content?.['application/json']?.example;
      const json = row.body ? row.body(f, role) : example;
      if (json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(json);
      }
    }
    const abort = new AbortController();
    const res = await fetch(server.url + path, { method, headers, body, signal: abort.signal });
    if (row.stream && res.ok) {
      abort.abort();
      return { status: res.status, body: '', headers: res.headers };
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // CSV, attachments
    }
    // A sign-out or a cookie change is kept, as a browser would.
    if (role !== 'apiKeyA') {
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, ...value] = (pair ?? '').split('=');
        if (!name) continue;
        if (value.join('=') === '' || /max-age=0\b/i.test(cookie)) client.cookies.delete(name.trim());
        else client.cookies.set(name.trim(), value.join('='));
      }
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  return {
    server,
    doc,
    f,
    call,
    fingerprint,
    close: async () => {
      await server.close();
      await agent.close();
    },
  };
}
