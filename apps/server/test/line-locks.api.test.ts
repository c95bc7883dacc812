import { describe, expect, it } from 'vitest';
import { watchingClient } from '../../agent/test/stand-in-servers.js';
import type { TestClient } from './support/test-client.js';
import { jobRoundsPass, waitFor } from './support/wait-for.js';
import { oscamLineFixture } from './support/oscam-line-fixture.js';

/**
 * Public addresses whose network and country the shipped offline database knows (real data, no
 * stand-in lookup): 217.0.0.0/13 Deutsche Telekom (DE, AS3320, an access network), 8.8.8.0/24 Google
 * (US, AS15169, on the datacenter list).
 */
const TELEKOM = '217.0.0.1';
const GOOGLE = '8.8.8.8';

type Lock = { countries: string[]; asns: number[]; no_datacenters: boolean };
const lock = (over: Partial<Lock>): Lock => ({ countries: [], asns: [], no_datacenters: false, ...over });

describe('line locks: countries, networks and datacenters', () => {
  const fx = oscamLineFixture({ serverName: 'OSCam locks', prefix: 'lk', cccam: true });
  const { show, name } = fx;
  /** Waits until the poll job has finished `n` more rounds (the locks are checked after each store). */
  const roundsPass = (n: number) => jobRoundsPass(fx.server, 'line-connections', n);

  const createLine = async (on = fx.serverId, c: TestClient = fx.owner.client, extra: object = {}) => {
    const res = await c.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: on,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.line as { id: number; username: string };
  };
  const lockOf = async (c: TestClient, id: number) => {
    const res = await c.get(`/api/lines/${id}/lock`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const setLock = async (c: TestClient, id: number, value: Lock | null) => {
    const res = await c.put(`/api/lines/${id}/lock`, { lock: value });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const lockMessages = async (c: TestClient, username: string) => {
    const me = (await c.get('/api/me')).body.id;
    const res = await c.get('/api/messages?page_size=100');
    expect(res.status).toBe(200);
    return (res.body.items as any[]).filter(
      (m) => m.title === `Line used from outside its lock: ${username}` && m.recipient_id === me,
    );
  };

  it('ends a connection from a country outside the lock, records it and tells the owner once', async () => {
    const line = await createLine();
    const initial = await lockOf(fx.owner.client, line.id);
    expect(initial).toMatchObject({ own: null, effective: null, enforced: true, violations: [] });

    const set = await setLock(fx.owner.client, line.id, lock({ countries: ['DE', 'AT', 'DE'] }));
    expect(set.own).toEqual(lock({ countries: ['DE', 'AT'] }));
    expect(set.effective).toEqual(lock({ countries: ['DE', 'AT'] }));

    // Allowed: a German address is left alone.
    show(line.username, [watchingClient(line.username, TELEKOM, 'id_0x6001')]);
    await waitFor(
      async () => (await fx.owner.client.get(`/api/lines/${line.id}/connections`)).body,
      (body) => body.online === true,
    );
    await roundsPass(1);
    expect((await lockOf(fx.owner.client, line.id)).violations).toEqual([]);

    // Outside: a US address is ended on the server and listed with when, where and what.
    show(line.username, [
      watchingClient(line.username, TELEKOM, 'id_0x6001'),
      watchingClient(line.username, GOOGLE, 'id_0x6002'),
    ]);
    const seen = await waitFor(
      () => lockOf(fx.owner.client, line.id),
      (body) => body.violations.length === 1,
    );
    expect(seen.violations[0]).toMatchObject({
      server_id: fx.serverId,
      server_name: 'OSCam locks',
      ip: GOOGLE,
      country: 'US',
      asn: 15169,
      network: 'Google LLC',
      reason: 'country',
      action: 'disconnected',
      ended_at: null,
    });
    expect(fx.oscam.requests.some((path) => path.includes('action=kill') && path.includes('0x6002'))).toBe(
      true,
    );
    const connections = await waitFor(
      async () => (await fx.owner.client.get(`/api/lines/${line.id}/connections`)).body,
      (body) => body.connections.length === 1,
    );
    expect(connections.connections[0].ip).toBe(TELEKOM);

    // It dials in again: still one episode, one notice, one history entry.
    show(line.username, [
      watchingClient(line.username, TELEKOM, 'id_0x6001'),
      watchingClient(line.username, GOOGLE, 'id_0x6003'),
    ]);
    await waitFor(
      () => Promise.resolve(fx.oscam.requests.some((path) => path.includes('0x6003'))),
      (killed) => killed,
    );
    // The kill comes before the round records the violation: the round's end is when both are done.
    await roundsPass(1);
    const again = await lockOf(fx.owner.client, line.id);
    expect(again.violations).toHaveLength(1);
    const messages = await waitFor(
      () => lockMessages(fx.owner.client, line.username),
      (list) => list.length >= 1,
    );
    expect(messages).toHaveLength(1);
    expect(messages[0].content).toContain(GOOGLE);
    expect(messages[0].content).toContain('The connection was ended on the server');
    const history = await fx.owner.client.get(`/api/lines/${line.id}/events`);
    expect(
      history.body.items.filter((event: { action: string }) => event.action === 'lock_violation'),
    ).toHaveLength(1);

    // Nobody else sees the line's lock.
    expect((await fx.stranger.client.get(`/api/lines/${line.id}/lock`)).status).toBe(404);
    expect((await fx.stranger.client.put(`/api/lines/${line.id}/lock`, { lock: null })).status).toBe(404);
    expect((await fx.server.client().get(`/api/lines/${line.id}/lock`)).status).toBe(401);
    expect((await fx.admin.get(`/api/lines/${line.id}/lock`)).body.violations).toHaveLength(1);
    show(line.username, []);
  });

  it('refuses networks outside the list and datacenter networks', async () => {
    const byNetwork = await createLine();
    await setLock(fx.owner.client, byNetwork.id, lock({ asns: [3320] }));
    const byDatacenter = await createLine();
    await setLock(fx.owner.client, byDatacenter.id, lock({ no_datacenters: true }));
    show(byNetwork.username, [watchingClient(byNetwork.username, GOOGLE, 'id_0x6101')]);
    show(byDatacenter.username, [
      watchingClient(byDatacenter.username, TELEKOM, 'id_0x6201'),
      watchingClient(byDatacenter.username, GOOGLE, 'id_0x6202'),
    ]);
    const network = await waitFor(
      () => lockOf(fx.owner.client, byNetwork.id),
      (body) => body.violations.length === 1,
    );
    expect(network.violations[0]).toMatchObject({ ip: GOOGLE, reason: 'network' });
    const datacenter = await waitFor(
      () => lockOf(fx.owner.client, byDatacenter.id),
      (body) => body.violations.length === 1,
    );
    // The Telekom address is an access network, not a datacenter: only Google's is held against it.
    expect(datacenter.violations.map((v: { ip: string; reason: string }) => [v.ip, v.reason])).toEqual([
      [GOOGLE, 'datacenter'],
    ]);
    show(byNetwork.username, []);
    show(byDatacenter.username, []);
  });

  it("follows its plan's lock until it has its own, and clearing its own restores the plan's", async () => {
    const plan = await fx.admin.post('/api/line-plans', {
      name: `Locked plan ${name()}`,
      prices: [{ months: 1, credits: 1 }],
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    expect((await fx.admin.get(`/api/line-plans/${plan.body.id}/lock`)).body).toEqual({ lock: null });
    const planLock = lock({ countries: ['PL'], no_datacenters: true });
    const put = await fx.admin.put(`/api/line-plans/${plan.body.id}/lock`, { lock: planLock });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ lock: planLock });
    expect((await fx.owner.client.put(`/api/line-plans/${plan.body.id}/lock`, { lock: null })).status).toBe(
      403,
    );
    expect((await fx.admin.get('/api/line-plans/2000000000/lock')).status).toBe(404);

    const line = await createLine(fx.serverId, fx.admin, { plan_id: plan.body.id });
    expect(await lockOf(fx.admin, line.id)).toMatchObject({ own: null, plan: planLock, effective: planLock });
    const own = lock({ countries: ['DE'] });
    expect(await setLock(fx.admin, line.id, own)).toMatchObject({ own, plan: planLock, effective: own });
    expect(await setLock(fx.admin, line.id, null)).toMatchObject({ own: null, effective: planLock });

    // Codes must be ISO's upper-case pairs; networks 32-bit numbers.
    for (const bad of [
      { countries: ['de'], asns: [], no_datacenters: false },
      { countries: ['DEU'], asns: [], no_datacenters: false },
      { countries: [], asns: [0], no_datacenters: false },
      { countries: [], asns: [4_294_967_296], no_datacenters: false },
      { countries: [] },
    ]) {
      expect((await fx.admin.put(`/api/lines/${line.id}/lock`, { lock: bad })).status).toBe(422);
    }
  });

  it('reports, without ending, a connection on a server that cannot end one (CCcam)', async () => {
    const line = await createLine(fx.cccam.serverId);
    await setLock(fx.owner.client, line.id, lock({ countries: ['DE'] }));
    fx.cccam.show([{ username: line.username, ip: GOOGLE }]);
    const seen = await waitFor(
      () => lockOf(fx.owner.client, line.id),
      (body) => body.violations.length === 1,
    );
    expect(seen.enforced).toBe(false);
    expect(seen.violations[0]).toMatchObject({
      ip: GOOGLE,
      country: 'US',
      reason: 'country',
      action: 'reported',
    });
    const messages = await waitFor(
      () => lockMessages(fx.owner.client, line.username),
      (list) => list.length === 1,
    );
    expect(messages[0].content).toContain('Reported, not enforced on this server');
    // Still connected: the panel could only report it.
    expect((await fx.owner.client.get(`/api/lines/${line.id}/connections`)).body.connections).toHaveLength(1);
    fx.cccam.show([]);
  });
});
