import { beforeAll, describe, expect, it } from 'vitest';
import { staffOperationList, type AuditEntry } from '@linedesk/shared';
import { balanceOf, signUpAccount, type Account } from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';
import { madeLine, openedTicket, staffMember } from './support/staff-fixtures.js';
import type { TestClient } from './support/test-client.js';

/**
 * Staff roles (docs/resellers.md): accounts that act for the admin in their role's operations only,
 * over every account or one reseller's subtree, each change in the audit log under their own name.
 */
const suite = lineServerFixture();
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;

type World = {
  /** The scope: a reseller with a sub-reseller, and their rows. */
  resellerA: Account;
  subOfA: { id: string; email: string };
  /** Outside the scope. */
  resellerB: Account;
  lineA: number;
  lineB: number;
  ticketA: number;
  ticketB: number;
  serverId: number;
  packageId: number;
  methodId: number;
};
let w: World;

async function topUp(client: TestClient): Promise<number> {
  const res = await client.post('/api/topups', { package_id: w.packageId, method_id: w.methodId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function auditOf(actorId: string): Promise<AuditEntry[]> {
  const res = await suite.admin.get(`/api/audit-log?actor=${actorId}&page_size=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as AuditEntry[];
}

beforeAll(async () => {
  const resellerA = await signUpAccount(suite.server, `${unique('ra')}@example.com`, 60);
  const resellerB = await signUpAccount(suite.server, `${unique('rb')}@example.com`, 60);
  const subEmail = `${unique('suba')}@example.com`;
  const sub = await resellerA.client.post('/api/accounts', { email: subEmail, password: 'sub-password-1' });
  expect(sub.status, JSON.stringify(sub.body)).toBe(201);
  // With credits, so it sells lines and can be given some.
  const given = await resellerA.client.post(`/api/accounts/${sub.body.account.id}/credits`, { amount: 5 });
  expect(given.status, JSON.stringify(given.body)).toBe(200);
  const pack = await suite.admin.post('/api/credit-packages', {
    name: 'Ten',
    credits: 10,
    price_cents: 1000,
  });
  expect(pack.status, JSON.stringify(pack.body)).toBe(201);
  const method = await suite.admin.post('/api/payment-methods', {
    kind: 'manual',
    name: 'Bank',
    currency: 'EUR',
    instructions: 'IBAN DE89',
  });
  expect(method.status, JSON.stringify(method.body)).toBe(201);
  const servers = await suite.admin.get('/api/servers');
  w = {
    resellerA,
    resellerB,
    subOfA: { id: sub.body.account.id, email: subEmail },
    lineA: await madeLine(resellerA.client, unique('st')),
    lineB: await madeLine(resellerB.client, unique('st')),
    ticketA: await openedTicket(resellerA.client, unique('help')),
    ticketB: await openedTicket(resellerB.client, unique('help')),
    serverId: servers.body.items[0].id,
    packageId: pack.body.id,
    methodId: method.body.id,
  };
});

describe('giving a staff role', () => {
  it('the admin sets role and scope; the member sees its operations in /api/me; it is audited', async () => {
    const member = await staffMember(suite, `${unique('staff')}@example.com`, 'support', w.resellerA.id);
    const me = await member.client.get('/api/me');
    expect(me.body.is_admin).toBe(false);
    expect(me.body.staff).toEqual({ role: 'support', scope_id: w.resellerA.id });
    expect(me.body.staff_operations).toEqual(
      staffOperationList({ role: 'support', scopeId: w.resellerA.id }),
    );
    expect(me.body.staff_operations).toContain('POST /api/tickets/:id/replies');
    // Scoped: the tickets list (of its subtree), nothing of the panel as a whole (messages to anyone).
    expect(me.body.staff_operations).toContain('GET /api/tickets');
    expect(me.body.staff_operations).not.toContain('POST /api/messages');
    const account = await suite.admin.get(`/api/accounts/${member.id}`);
    expect(account.body.staff).toEqual({ role: 'support', scope_id: w.resellerA.id });

    const entries = await auditOf((await suite.admin.get('/api/me')).body.id);
    const given = entries.find((e) => e.action === 'account.staff' && e.target_account_id === member.id);
    expect(given?.after).toEqual({ staff_role: 'support', staff_scope_id: w.resellerA.id });

    // Taken away: its scope goes with it, and the member is a plain account at its next request.
    const cleared = await suite.admin.put(`/api/accounts/${member.id}/staff`, {
      role: null,
      scope_id: w.resellerA.id,
    });
    expect(cleared.body).toEqual({ staff: null });
    expect((await member.client.get('/api/me')).body.staff_operations).toEqual([]);
    expect((await member.client.get(`/api/lines/${w.lineA}`)).status).toBe(403);
  });

  it('refuses a role for an admin, a scope of no account, and anyone but an admin', async () => {
    const adminId = (await suite.admin.get('/api/me')).body.id;
    const forAdmin = await suite.admin.put(`/api/accounts/${adminId}/staff`, {
      role: 'billing',
      scope_id: null,
    });
    expect(forAdmin.status).toBe(422);
    expect(forAdmin.body.error.code).toBe('STAFF_NOT_FOR_ADMIN');
    const member = await signUpAccount(suite.server, `${unique('plain')}@example.com`);
    const noScope = await suite.admin.put(`/api/accounts/${member.id}/staff`, {
      role: 'billing',
      scope_id: 'no-such-account',
    });
    expect(noScope.status).toBe(422);
    expect(noScope.body.error).toMatchObject({
      code: 'STAFF_SCOPE_NOT_FOUND',
      message: 'There is no account no-such-account to scope the role to',
    });

    // A staff member never gives roles, its own or anyone's.
    const ops = await staffMember(suite, `${unique('staff')}@example.com`, 'operations', null);
    const self = await ops.client.put(`/api/accounts/${ops.id}/staff`, { role: 'billing', scope_id: null });
    expect(self.status).toBe(403);
    expect((await ops.client.put(`/api/accounts/${member.id}/staff`, { role: 'support' })).status).toBe(403);
    expect((await suite.admin.get(`/api/accounts/${ops.id}`)).body.staff).toEqual({
      role: 'operations',
      scope_id: null,
    });
  });
});

describe('a support member scoped to one reseller', () => {
  it('reads lines and answers tickets in its scope, nothing outside it, no payments, no settings', async () => {
    const support = await staffMember(suite, `${unique('staff')}@example.com`, 'support', w.resellerA.id);
    const c = support.client;

    expect((await c.get(`/api/lines/${w.lineA}`)).status).toBe(200);
    const outside = await c.get(`/api/lines/${w.lineB}`);
    expect(outside.status).toBe(404);
    expect(outside.body.error.code).toBe('LINE_NOT_FOUND');
    // The list holds the scope's lines; another reseller's finds nothing.
    const list = await c.get('/api/lines');
    expect(list.status).toBe(200);
    expect(list.body.items.map((l: { id: number }) => l.id)).toContain(w.lineA);
    expect(list.body.items.map((l: { id: number }) => l.id)).not.toContain(w.lineB);
    const listB = await c.get(`/api/lines?owner_id=${w.resellerB.id}`);
    expect(listB.body.items).toEqual([]);

    expect((await c.get(`/api/tickets/${w.ticketA}`)).status).toBe(200);
    const reply = await c.post(`/api/tickets/${w.ticketA}/replies`, { content: 'Restarted it for you' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    // The reseller sees the answer as the admin's side of the ticket.
    const replies = await w.resellerA.client.get(`/api/tickets/${w.ticketA}/replies`);
    expect(JSON.stringify(replies.body)).toContain('Restarted it for you');
    const replyB = await c.post(`/api/tickets/${w.ticketB}/replies`, { content: 'not mine' });
    expect(replyB.status).toBe(404);
    expect(replyB.body.error.code).toBe('TICKET_NOT_FOUND');
    expect((await c.get(`/api/tickets/${w.ticketB}`)).status).toBe(404);

    // Lines are read, not changed.
    expect((await c.patch(`/api/lines/${w.lineA}`, { notes: 'x' })).status).toBe(403);
    // Payments, servers, settings and credits are not support's.
    const topupA = await topUp(w.resellerA.client);
    const approve = await c.post(`/api/topups/${topupA}/approve`, {});
    expect(approve.status).toBe(403);
    expect(approve.body.error.code).toBe('ADMIN_ONLY');
    expect((await c.get(`/api/topups/${topupA}`)).status).toBe(404);
    expect((await c.patch(`/api/servers/${w.serverId}`, { server_name: 'x' })).status).toBe(403);
    expect((await c.get('/api/groups')).status).toBe(403);
    expect((await c.put(`/api/accounts/${w.resellerA.id}/credits`, { credits: 999 })).status).toBe(403);

    // The reply is in the audit log under the support member.
    const entries = await auditOf(support.id);
    expect(entries.map((e) => [e.action, e.actor_email, e.after?.operation])).toEqual([
      ['staff.action', support.email, 'POST /api/tickets/:id/replies'],
    ]);
    expect(entries[0]!.after).toMatchObject({ role: 'support', params: { id: w.ticketA } });
  });
});

describe('a billing member scoped to one reseller', () => {
  it('approves a top-up in its scope, not one outside it, and cannot edit servers', async () => {
    const billing = await staffMember(suite, `${unique('staff')}@example.com`, 'billing', w.resellerA.id);
    const topupA = await topUp(w.resellerA.client);
    const topupB = await topUp(w.resellerB.client);
    const before = await balanceOf(suite.server, w.resellerA.id);

    const approved = await billing.client.post(`/api/topups/${topupA}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await balanceOf(suite.server, w.resellerA.id)).toBe(before + 10);
    const outside = await billing.client.post(`/api/topups/${topupB}/approve`, {});
    expect(outside.status).toBe(404);
    expect(outside.body.error.code).toBe('TOPUP_NOT_FOUND');
    const list = await billing.client.get('/api/topups');
    expect(list.status).toBe(200);
    expect(list.body.items.map((t: { id: number }) => t.id)).toContain(topupA);
    expect(list.body.items.map((t: { id: number }) => t.id)).not.toContain(topupB);

    expect((await billing.client.patch(`/api/servers/${w.serverId}`, { server_name: 'x' })).status).toBe(403);
    expect((await billing.client.get(`/api/lines/${w.lineA}`)).status).toBe(403);
    expect((await billing.client.get('/api/topup-settings')).status).toBe(403);

    const entries = await auditOf(billing.id);
    expect(entries.map((e) => [e.action, e.actor_id, e.after?.operation])).toEqual([
      ['staff.action', billing.id, 'POST /api/topups/:id/approve'],
    ]);
  });
});

describe('an operations member', () => {
  it('over every account edits a server, audited under its name', async () => {
    const ops = await staffMember(suite, `${unique('staff')}@example.com`, 'operations', null);
    const edited = await ops.client.patch(`/api/servers/${w.serverId}`, { server_name: 'Renamed by ops' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await suite.admin.get(`/api/servers/${w.serverId}`)).body.server_name).toBe('Renamed by ops');
    // Not a ticket or a payment of anyone's.
    expect((await ops.client.get(`/api/tickets/${w.ticketA}`)).status).toBe(404);
    expect((await ops.client.get('/api/topup-settings')).status).toBe(403);

    const entries = await auditOf(ops.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['server.update', 'staff.action']);
    expect(entries.every((e) => e.actor_email === ops.email)).toBe(true);
  });

  it("over every account sets a server's standby and its load thresholds, not the panel's", async () => {
    const ops = await staffMember(suite, `${unique('staff')}@example.com`, 'operations', null);
    // A server with nothing on it, so that it may be another's standby (not contacted meanwhile).
    const created = await suite.admin.post('/api/servers', {
      server_name: unique('spare'),
      host_ip: '127.0.0.1',
      port: 12999,
      api_port: 1,
      username: 'panel',
      password: 'secret-password',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const spare = created.body.id as number;
    const set = await ops.client.put(`/api/servers/${w.serverId}/standby`, { standby_id: spare });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await suite.admin.get(`/api/servers/${w.serverId}`)).body.standby_id).toBe(spare);
    // Reached the promotion itself: the spare was never tested, so it cannot take the lines.
    const promoted = await ops.client.post(`/api/servers/${w.serverId}/promote-standby`);
    expect([promoted.status, promoted.body.error?.code]).toEqual([422, 'LINE_MOVE_TARGET_INACTIVE']);
    const cleared = await ops.client.put(`/api/servers/${w.serverId}/standby`, { standby_id: null });
    expect([cleared.status, cleared.body.standby_id]).toEqual([200, null]);

    const thresholds = await ops.client.put(`/api/servers/${w.serverId}/load-alert-settings`, {
      cpu_percent: 95,
    });
    expect(thresholds.status, JSON.stringify(thresholds.body)).toBe(200);
    const load = await ops.client.get(`/api/servers/${w.serverId}/load`);
    expect(load.status, JSON.stringify(load.body)).toBe(200);
    expect(load.body.overrides).toEqual({ cpu_percent: 95 });
    expect((await ops.client.get(`/api/servers/${w.serverId}/ecm-stats`)).status).toBe(200);
    // The panel-wide thresholds are a setting: the admin's.
    expect((await ops.client.get('/api/load-alert-settings')).status).toBe(403);
    expect((await ops.client.put('/api/load-alert-settings', { for_minutes: 5 })).status).toBe(403);
    expect((await suite.admin.put(`/api/servers/${w.serverId}/load-alert-settings`, {})).status).toBe(200);

    // What succeeded is audited under the member's name (the refused promotion changed nothing).
    const acted = (await auditOf(ops.id)).filter((e) => e.action === 'staff.action');
    expect(acted.map((e) => (e.after as { operation: string }).operation).sort()).toEqual([
      'PUT /api/servers/:id/load-alert-settings',
      'PUT /api/servers/:id/standby',
      'PUT /api/servers/:id/standby',
    ]);
  });

  it('scoped to one reseller: no servers, and no moves of lines to other accounts', async () => {
    const ops = await staffMember(suite, `${unique('staff')}@example.com`, 'operations', w.resellerA.id);
    const own = await madeLine(w.resellerA.client, unique('st'));
    // Lines change owner by the bulk action `move` of their tree's resellers or an admin; no staff
    // role acts as an admin in it, so a staff member is the account it is there (no lines of its own).
    const moved = await ops.client.post('/api/lines/bulk', {
      action: 'move',
      ids: [own],
      target_owner_id: w.subOfA.id,
    });
    expect(moved.status).toBe(403);
    expect(moved.body.error.code).toBe('FORBIDDEN');
    expect((await w.resellerA.client.get(`/api/lines/${own}`)).body.owner_id).toBe(w.resellerA.id);
    expect((await ops.client.patch(`/api/servers/${w.serverId}`, { server_name: 'y' })).status).toBe(403);
    const standby = await ops.client.put(`/api/servers/${w.serverId}/standby`, { standby_id: null });
    expect(standby.status).toBe(403);
    expect((await ops.client.post(`/api/servers/${w.serverId}/promote-standby`)).status).toBe(403);
    expect((await ops.client.put(`/api/servers/${w.serverId}/load-alert-settings`, {})).status).toBe(403);
    expect((await ops.client.get(`/api/servers/${w.serverId}/load`)).status).toBe(403);
    expect(await auditOf(ops.id)).toEqual([]);
  });
});
