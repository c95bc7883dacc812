import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/test-client.js';
import { ADMIN, startTestServer, type TestServer } from './support/test-server.js';

const PASSWORD = 'audit-password-1';

type Entry = {
  id: number;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  target_account_id: string | null;
  target_email: string | null;
  entity_type: string | null;
  entity_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  created_at: string;
};

let server: TestServer;
let admin: TestClient;
let adminId: string;
const ADMIN_IP = '198.51.100.23';

beforeAll(async () => {
  server = await startTestServer();
  // A signed-in admin with a known address, to see it in the log.
  admin = server.client({ ip: ADMIN_IP });
  expect((await admin.post('/api/auth/sign-in', ADMIN)).status).toBe(200);
  adminId = (await admin.get('/api/me')).body.id;
});
afterAll(async () => server?.close());

/** Every entry newer than `sinceId` (the admin sees all of them), oldest first. */
async function entriesAfter(sinceId: number): Promise<Entry[]> {
  const res = await admin.get('/api/audit-log?page_size=100');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as Entry[]).filter((e) => e.id > sinceId).reverse();
}

async function lastId(): Promise<number> {
  const res = await admin.get('/api/audit-log?page_size=1');
  return (res.body.items[0]?.id as number | undefined) ?? 0;
}

/** Runs `action` and returns the one entry it wrote (failing if it wrote none or several). */
async function onlyEntryOf(action: () => Promise<unknown>): Promise<Entry> {
  const since = await lastId();
  await action();
  const entries = await entriesAfter(since);
  expect(entries.map((e) => e.action)).toHaveLength(1);
  return entries[0]!;
}

async function ok<T extends { status: number; body: unknown }>(
  pending: Promise<T>,
  status = 200,
): Promise<T> {
  const res = await pending;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res;
}

async function createAccount(by: TestClient, email: string, extra: Record<string, unknown> = {}) {
  const res = await ok(by.post('/api/accounts', { email, password: PASSWORD, ...extra }), 201);
  const client = server.client();
  await ok(client.post('/api/auth/sign-in', { email, password: PASSWORD }));
  return { id: res.body.account.id as string, client };
}

describe('audit log', () => {
  it('writes one entry per account and credit action, with the values before and after', async () => {
    const created = await onlyEntryOf(async () => {
      await createAccount(admin, 'audit.seller@example.com', { full_name: 'Audit Seller' });
    });
    expect(created).toMatchObject({
      action: 'account.create',
      actor_id: adminId,
      actor_email: ADMIN.email,
      target_email: 'audit.seller@example.com',
      before: null,
      ip: ADMIN_IP,
    });
    expect(created.after).toMatchObject({ email: 'audit.seller@example.com', full_name: 'Audit Seller' });
    const sellerId = created.target_account_id!;
    const seller = server.client();
    await ok(seller.post('/api/auth/sign-in', { email: 'audit.seller@example.com', password: PASSWORD }));

    const added = await onlyEntryOf(() =>
      ok(admin.post(`/api/accounts/${sellerId}/credits`, { amount: 30, note: 'Opening balance' })),
    );
    expect(added).toMatchObject({
      action: 'credits.add',
      target_account_id: sellerId,
      before: { credits: 0 },
      after: { credits: 30, note: 'Opening balance' },
    });

    const set = await onlyEntryOf(() => ok(admin.put(`/api/accounts/${sellerId}/credits`, { credits: 25 })));
    expect(set).toMatchObject({ action: 'credits.set', before: { credits: 30 }, after: { credits: 25 } });

    // The seller (a reseller since its first credits) moves credits to a sub-account of its own.
    const sub = await createAccount(seller, 'audit.sub@example.com');
    const transfer = await onlyEntryOf(() =>
      ok(seller.post(`/api/accounts/${sub.id}/transfer`, { amount: 5 })),
    );
    expect(transfer).toMatchObject({
      action: 'credits.transfer',
      actor_id: sellerId,
      target_account_id: sub.id,
      target_email: 'audit.sub@example.com',
      before: { credits: 0 },
      after: { credits: 5, from_balance: 20 },
    });

    const notes = await onlyEntryOf(() => ok(admin.patch(`/api/accounts/${sub.id}`, { notes: 'Pays late' })));
    expect(notes).toMatchObject({
      action: 'account.update',
      before: { notes: null },
      after: { notes: 'Pays late' },
    });

    const group = await onlyEntryOf(() => ok(admin.patch(`/api/accounts/${sub.id}`, { group_id: 3 })));
    expect(group).toMatchObject({ action: 'account.group', before: { group_id: 2 }, after: { group_id: 3 } });

    const ban = await onlyEntryOf(() => ok(admin.patch(`/api/accounts/${sub.id}`, { banned: true })));
    expect(ban).toMatchObject({ action: 'account.ban', before: { banned: false }, after: { banned: true } });
    const unban = await onlyEntryOf(() => ok(admin.patch(`/api/accounts/${sub.id}`, { banned: false })));
    expect(unban).toMatchObject({
      action: 'account.unban',
      before: { banned: true },
      after: { banned: false },
    });

    const ended = await onlyEntryOf(() => ok(admin.delete(`/api/accounts/${sellerId}/sessions`)));
    expect(ended).toMatchObject({ action: 'sessions.end', target_account_id: sellerId });
  });

  it('records password changes, ended sessions and API keys without the secrets', async () => {
    const { id, client } = await createAccount(admin, 'audit.keys@example.com');
    const other = server.client();
    await ok(other.post('/api/auth/sign-in', { email: 'audit.keys@example.com', password: PASSWORD }));
    const sessions = await ok(client.get('/api/auth/sessions'));
    const otherSession = sessions.body.items.find((s: { current: boolean }) => !s.current);
    const sessionEnd = await onlyEntryOf(() => ok(client.delete(`/api/auth/sessions/${otherSession.id}`)));
    expect(sessionEnd).toMatchObject({ action: 'session.end', actor_id: id, target_account_id: id });

    const password = await onlyEntryOf(() =>
      ok(
        client.post('/api/auth/change-password', {
          current_password: PASSWORD,
          new_password: 'new-audit-pass-9',
        }),
      ),
    );
    expect(password).toMatchObject({
      action: 'password.change',
      target_account_id: id,
      before: { password: 'changed' },
      after: { password: 'changed' },
    });

    let key = '';
    const keyCreated = await onlyEntryOf(async () => {
      key = (await ok(client.post('/api/api-keys', { name: 'Audit key' }), 201)).body.key;
    });
    expect(keyCreated).toMatchObject({
      action: 'api_key.create',
      entity_type: 'api_key',
      after: { name: 'Audit key' },
    });
    const revoked = await onlyEntryOf(() => ok(client.delete(`/api/api-keys/${keyCreated.entity_id}`), 204));
    expect(revoked).toMatchObject({ action: 'api_key.revoke', entity_id: keyCreated.entity_id });

    const log = JSON.stringify((await ok(admin.get('/api/audit-log?page_size=100'))).body);
    for (const secret of [key, PASSWORD, 'new-audit-pass-9']) expect(log).not.toContain(secret);
  });

  it('records servers, packages, redeem codes, groups and settings, secrets only as "changed"', async () => {
    const server1 = await onlyEntryOf(() =>
      ok(
        admin.post('/api/servers', {
          server_name: 'Audit One',
          host_ip: '192.0.2.10',
          port: 12000,
          username: 'agent',
          password: 'server-secret-1',
        }),
        201,
      ),
    );
    expect(server1).toMatchObject({ action: 'server.create', entity_type: 'server', before: null });
    expect(server1.after).toMatchObject({
      server_name: 'Audit One',
      host_ip: '192.0.2.10',
      password: 'changed',
    });
    const serverId = server1.entity_id!;
    const edited = await onlyEntryOf(() =>
      ok(admin.patch(`/api/servers/${serverId}`, { host_ip: '192.0.2.11', password: 'server-secret-2' })),
    );
    expect(edited).toMatchObject({
      action: 'server.update',
      before: { host_ip: '192.0.2.10', password: 'changed' },
      after: { host_ip: '192.0.2.11', password: 'changed' },
    });
    const removed = await onlyEntryOf(() => ok(admin.delete(`/api/servers/${serverId}`), 204));
    expect(removed).toMatchObject({ action: 'server.delete', after: null });
    expect(removed.before).toMatchObject({ server_name: 'Audit One' });

    const pack = await onlyEntryOf(() =>
      ok(admin.post('/api/credit-packages', { name: 'Audit pack', credits: 10, price_cents: 900 }), 201),
    );
    expect(pack).toMatchObject({
      action: 'credit_package.create',
      after: { name: 'Audit pack', credits: 10 },
    });
    const repriced = await onlyEntryOf(() =>
      ok(admin.patch(`/api/credit-packages/${pack.entity_id}`, { price_cents: 1100 })),
    );
    expect(repriced).toMatchObject({ before: { price_cents: 900 }, after: { price_cents: 1100 } });
    expect(Object.keys(repriced.after!)).toEqual(['price_cents']);
    const packGone = await onlyEntryOf(() => ok(admin.delete(`/api/credit-packages/${pack.entity_id}`), 204));
    expect(packGone).toMatchObject({ action: 'credit_package.delete', after: null });

    let codes: string[] = [];
    const batch = await onlyEntryOf(async () => {
      const res = await ok(admin.post('/api/redeem-codes', { credits: 4, count: 2, max_uses: 1 }), 201);
      codes = res.body.items.map((c: { code: string }) => c.code);
    });
    expect(batch).toMatchObject({ action: 'redeem_code.create', after: { count: 2, credits: 4 } });
    const codeId = batch.entity_id!;
    const paused = await onlyEntryOf(() =>
      ok(admin.patch(`/api/redeem-codes/${codeId}`, { is_active: false })),
    );
    expect(paused).toMatchObject({
      action: 'redeem_code.update',
      before: { is_active: true },
      after: { is_active: false },
    });
    const codeGone = await onlyEntryOf(() => ok(admin.delete(`/api/redeem-codes/${codeId}`), 204));
    expect(codeGone).toMatchObject({ action: 'redeem_code.delete', after: null });

    const group = await onlyEntryOf(() =>
      ok(admin.post('/api/groups', { name: 'Audit group', permissions: ['view_users'] }), 201),
    );
    expect(group).toMatchObject({ action: 'group.create', after: { name: 'Audit group' } });
    const regrouped = await onlyEntryOf(() =>
      ok(admin.patch(`/api/groups/${group.entity_id}`, { permissions: ['view_users', 'add_credits'] })),
    );
    expect(regrouped).toMatchObject({
      before: { permissions: ['view_users'] },
      after: { permissions: ['view_users', 'add_credits'] },
    });
    expect((await onlyEntryOf(() => ok(admin.delete(`/api/groups/${group.entity_id}`), 204))).action).toBe(
      'group.delete',
    );

    const days = await onlyEntryOf(() => ok(admin.put('/api/reminders/settings', { days: 9 })));
    expect(days).toMatchObject({ action: 'setting.update', entity_type: 'setting', after: { value: 9 } });
    const trial = await onlyEntryOf(() => ok(admin.put('/api/line-settings', { trial_days: 2 })));
    expect(trial).toMatchObject({
      action: 'setting.update',
      entity_id: 'lines.trial_days',
      after: { value: 2 },
    });
    const contact = await onlyEntryOf(() => ok(admin.put('/api/contact', { telegram: '@audit_help' })));
    expect(contact).toMatchObject({ entity_id: 'contact_details', after: { telegram: '@audit_help' } });

    const log = JSON.stringify((await ok(admin.get('/api/audit-log?page_size=100'))).body);
    for (const secret of ['server-secret-1', 'server-secret-2', ...codes]) expect(log).not.toContain(secret);
  });

  it('filters by actor, target, action and days', async () => {
    const { id } = await createAccount(admin, 'audit.filter@example.com');
    await ok(admin.post(`/api/accounts/${id}/credits`, { amount: 3 }));
    const byTarget = await ok(admin.get('/api/audit-log?target=audit.filter@'));
    expect(byTarget.body.items.map((e: Entry) => e.action).sort()).toEqual(['account.create', 'credits.add']);
    const byAction = await ok(admin.get(`/api/audit-log?target=${id}&action=credits.add`));
    expect(byAction.body.total).toBe(1);
    const byActor = await ok(admin.get('/api/audit-log?actor=admin@example&target=audit.filter'));
    expect(byActor.body.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await ok(admin.get(`/api/audit-log?target=${id}&from=${today}&to=${today}`))).body.total).toBe(2);
    expect((await ok(admin.get(`/api/audit-log?target=${id}&to=${yesterday}`))).body.total).toBe(0);
    expect((await admin.get('/api/audit-log?from=yesterday')).status).toBe(400);
  });

  it("shows a reseller the entries about its own sub-accounts only, never another reseller's", async () => {
    const a = await createAccount(admin, 'audit.reseller-a@example.com');
    const b = await createAccount(admin, 'audit.reseller-b@example.com');
    await ok(admin.post(`/api/accounts/${a.id}/credits`, { amount: 20 }));
    await ok(admin.post(`/api/accounts/${b.id}/credits`, { amount: 20 }));
    // A fresh sign-in: the first credits moved both into the Resellers group.
    const resellerA = server.client();
    await ok(
      resellerA.post('/api/auth/sign-in', { email: 'audit.reseller-a@example.com', password: PASSWORD }),
    );
    const resellerB = server.client();
    await ok(
      resellerB.post('/api/auth/sign-in', { email: 'audit.reseller-b@example.com', password: PASSWORD }),
    );
    const subA = await createAccount(resellerA, 'audit.sub-a@example.com');
    await ok(resellerA.post(`/api/accounts/${subA.id}/transfer`, { amount: 4 }));
    await ok(admin.patch(`/api/accounts/${subA.id}`, { notes: 'Checked by admin' }));
    const subB = await createAccount(resellerB, 'audit.sub-b@example.com');
    await ok(resellerB.post(`/api/accounts/${subB.id}/transfer`, { amount: 6 }));

    const seenByA = (await ok(resellerA.get('/api/audit-log?page_size=100'))).body.items as Entry[];
    expect(seenByA.map((e) => e.target_account_id)).toEqual([subA.id, subA.id, subA.id]);
    expect(seenByA.map((e) => e.action)).toEqual(['account.update', 'credits.transfer', 'account.create']);
    // The admin's address is not shown to a reseller; its own are.
    expect(seenByA[0]!.ip).toBeNull();
    expect(seenByA[1]!.ip).not.toBeNull();
    const seenByB = (await ok(resellerB.get('/api/audit-log?page_size=100'))).body.items as Entry[];
    expect(seenByB.map((e) => e.target_account_id)).toEqual([subB.id, subB.id]);
    expect((await ok(resellerB.get(`/api/audit-log?target=${subA.id}`))).body.total).toBe(0);
    const csvB = await ok(resellerB.get('/api/audit-log/export.csv'));
    expect(String(csvB.body)).not.toContain('audit.sub-a@example.com');

    const plain = await createAccount(admin, 'audit.plain@example.com');
    const refused = await plain.client.get('/api/audit-log');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect((await plain.client.get('/api/audit-log/export.csv')).status).toBe(403);
    expect((await server.client().get('/api/audit-log')).status).toBe(401);
  });

  it('cannot be edited or deleted, over HTTP or in the database', async () => {
    const id = await lastId();
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await admin.request(method, `/api/audit-log/${id}`, method === 'DELETE' ? undefined : {});
      expect(res.status, method).toBe(404);
    }
    expect((await admin.request('DELETE', '/api/audit-log')).status).toBe(404);
    const db = server.built.ctx.db;
    await expect(db.execute(sql`update audit_log set action = 'x' where id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log where id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const still = await ok(admin.get('/api/audit-log?page_size=1'));
    expect(still.body.items[0].id).toBe(id);
    expect(still.body.items[0].action).not.toBe('x');
  });

  it('exports the filtered log as CSV with formula cells neutralised', async () => {
    const { id } = await createAccount(admin, '-audit.csv@example.com');
    await ok(admin.post(`/api/accounts/${id}/credits`, { amount: 8, note: '=HYPERLINK("x")' }));
    const res = await ok(admin.get(`/api/audit-log/export.csv?target=${id}`));
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(res.body).trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,action,actor,target,entity,before,after,ip');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",credits.add,admin@example.com,'-audit.csv@example.com,,");
    // jsonb keeps its own key order; the cells are JSON as written.
    expect(lines[1]).toContain('"{""credits"":0}"');
    expect(lines[1]).toContain('""note"":""=HYPERLINK(\\""x\\"")""');
    expect(lines[2]).toContain(',account.create,');
    const onlyCredits = await ok(admin.get(`/api/audit-log/export.csv?target=${id}&action=credits.add`));
    expect(String(onlyCredits.body).trimEnd().split('\r\n')).toHaveLength(2);
  });
});
