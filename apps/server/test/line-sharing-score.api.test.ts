import { describe, expect, it } from 'vitest';
import { watchingClient } from '../../agent/test/stand-in-servers.js';
import type { TestClient } from './support/test-client.js';
import { waitFor } from './support/wait-for.js';
import { oscamLineFixture } from './support/oscam-line-fixture.js';

/**
 * The stand-in OSCam reports whatever client addresses the test sets, so the addresses below are
 * public ones whose network and country the shipped offline database knows (real data, no stand-in
 * lookup): 217.0.0.0/13 Deutsche Telekom (DE), 8.8.8.0/24 Google (US).
 */
const TELEKOM_A = '217.0.0.1';
const TELEKOM_B = '217.0.0.2';
const GOOGLE = '8.8.8.8';

describe('graded sharing score with evidence', () => {
  const fx = oscamLineFixture({ serverName: 'OSCam sharing', prefix: 'sc' });
  const { show, name } = fx;

  const watching = (username: string, ip: string, thid: string, channel = 'Sky Cinema') => ({
    ...watchingClient(username, ip, thid),
    chname: channel,
  });
  const createLine = async () => {
    const res = await fx.owner.client.post('/api/lines', {
      username: name(),
      password: 'pw-1234',
      subscription_months: 1,
      server_id: fx.serverId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.line as { id: number; username: string };
  };
  const sharingOf = async (c: TestClient, id: number) => {
    const res = await c.get(`/api/lines/${id}/sharing`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('scores a line watched from two countries at once 100 and shows where each address is', async () => {
    const line = await createLine();
    expect(await sharingOf(fx.owner.client, line.id)).toEqual({
      score: 0,
      episode_since: null,
      steps_taken: [],
      steps_not_supported: [],
      oscam_in_force: null,
      evidence: [],
    });

    fx.oscam.setCounters(line.username, 40, 2);
    show(line.username, [
      watching(line.username, TELEKOM_A, 'id_0x5001', 'Sky Cinema'),
      watching(line.username, GOOGLE, 'id_0x5002', 'DAZN 1'),
    ]);
    const shared = await waitFor(
      () => sharingOf(fx.owner.client, line.id),
      (body) => body.score === 100 && body.evidence.length === 2,
    );
    expect(shared.episode_since).not.toBeNull();
    const signals = ['addresses', 'networks', 'countries', 'ecm', 'channels'];
    expect(shared.evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          ip: TELEKOM_A,
          asn: 3320,
          network: 'Deutsche Telekom AG',
          country: 'DE',
          channel: 'Sky Cinema',
          signals,
          score: 100,
        }),
        expect.objectContaining({
          ip: GOOGLE,
          asn: 15169,
          network: 'Google LLC',
          country: 'US',
          channel: 'DAZN 1',
          signals,
          score: 100,
        }),
      ]),
    );
    expect((await fx.admin.get(`/api/lines/${line.id}/sharing`)).body.score).toBe(100);
    expect((await fx.stranger.client.get(`/api/lines/${line.id}/sharing`)).status).toBe(404);
    expect((await fx.server.client().get(`/api/lines/${line.id}/sharing`)).status).toBe(401);

    // Back to one viewer: the score falls to 0, the evidence stays for the talk with the customer.
    show(line.username, [watching(line.username, TELEKOM_A, 'id_0x5001')]);
    const after = await waitFor(
      () => sharingOf(fx.owner.client, line.id),
      (body) => body.score === 0,
    );
    expect(after.episode_since).toBeNull();
    expect(after.evidence.map((entry: { ip: string }) => entry.ip).sort()).toEqual(
      [TELEKOM_A, GOOGLE].sort(),
    );
    show(line.username, []);
  });

  it('scores two addresses of one network lowest, and private addresses as unknown places', async () => {
    const line = await createLine();
    show(line.username, [
      watching(line.username, TELEKOM_A, 'id_0x6001'),
      watching(line.username, TELEKOM_B, 'id_0x6002'),
    ]);
    const household = await waitFor(
      () => sharingOf(fx.owner.client, line.id),
      (body) => body.score > 0 && body.evidence.length === 2,
    );
    expect(household.score).toBe(30);
    expect(household.evidence[0]).toMatchObject({ asn: 3320, country: 'DE', signals: ['addresses'] });

    const other = await createLine();
    show(other.username, [
      watching(other.username, '10.1.2.3', 'id_0x6101'),
      watching(other.username, '192.168.7.8', 'id_0x6102'),
    ]);
    const unknown = await waitFor(
      () => sharingOf(fx.owner.client, other.id),
      (body) => body.evidence.length === 2,
    );
    expect(unknown.score).toBe(30);
    expect(unknown.evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ip: '10.1.2.3', asn: null, network: null, country: null }),
        expect.objectContaining({ ip: '192.168.7.8', asn: null, network: null, country: null }),
      ]),
    );
    show(line.username, []);
    show(other.username, []);
  });
});
