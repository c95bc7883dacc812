import { readFile } from 'node:fs/promises';
import { dateInZone } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { lineServerFixture } from './support/line-server-fixture.js';
import { waitFor } from './support/wait-for.js';

// One clock for expiry (docs/spec-rules.md, "Expiry"): the admin's business time zone decides
// "today" on the panel, and each agent gets the instant a line ends.
const fixture = lineServerFixture();

type StoredUser = { username: string; expiryDate: string; expiresAt?: string };
async function agentUser(configFile: string, username: string): Promise<StoredUser | undefined> {
  const text = await readFile(`${configFile}.linedesk.json`, 'utf8').catch(() => '{"users":[]}');
  return (JSON.parse(text) as { users: StoredUser[] }).users.find((user) => user.username === username);
}

describe('the business time zone', () => {
  it('is UTC until an admin sets it, and only a zone name is taken', async () => {
    const { server, admin } = fixture;
    expect((await admin.get('/api/line-settings')).body).toMatchObject({ business_time_zone: 'UTC' });
    for (const business_time_zone of ['Mars/Olympus', '', '+03:00', 3]) {
      const bad = await admin.put('/api/line-settings', { business_time_zone });
      expect(bad.status, JSON.stringify(bad.body)).toBe(422);
      expect(bad.body.error.code).toBe('LINE_INVALID_TIME_ZONE');
    }
    expect((await server.client().put('/api/line-settings', { business_time_zone: 'UTC' })).status).toBe(401);
  });

  it('sends each agent the instant a line ends, and again in a new zone', async () => {
    const { admin, agent } = fixture;
    const created = await admin.post('/api/lines', {
      username: 'clock-line',
      password: 'clock-pass',
      subscription_months: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.line.id as number;
    expect((await admin.patch(`/api/lines/${id}`, { expiry_date: '2030-06-15' })).status).toBe(200);
    // The end of 15 June in UTC.
    const sent = await waitFor(
      () => agentUser(agent.configFile, 'clock-line'),
      (user) => user?.expiryDate === '2030-06-15',
    );
    expect(sent).toMatchObject({ expiryDate: '2030-06-15', expiresAt: '2030-06-16T00:00:00.000Z' });

    const set = await admin.put('/api/line-settings', { business_time_zone: 'Asia/Tokyo' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.business_time_zone).toBe('Asia/Tokyo');
    // Every line on a server is sent again: the end of 15 June in Tokyo (UTC+9).
    await waitFor(
      () => agentUser(agent.configFile, 'clock-line'),
      (user) => user?.expiresAt === '2030-06-15T15:00:00.000Z',
    );
    const audit = (await admin.get('/api/audit-log?page_size=20')).body.items as {
      action: string;
      entity_id: string | null;
    }[];
    expect(
      audit.some((e) => e.action === 'setting.update' && e.entity_id === 'lines.business_time_zone'),
    ).toBe(true);
    await admin.put('/api/line-settings', { business_time_zone: 'UTC' });
  });

  it('decides whether a line has expired in the business time zone', async () => {
    const { admin } = fixture;
    // Today at the far west end of the world (UTC-12): there the line works through today; at the
    // far east end (UTC+14) that day is over already.
    const westToday = dateInZone(new Date(), 'Etc/GMT+12');
    const created = await admin.post('/api/lines', {
      username: 'zone-line',
      password: 'zone-pass',
      subscription_months: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const patched = await admin.patch(`/api/lines/${created.body.line.id}`, { expiry_date: westToday });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const statusIn = async (business_time_zone: string) => {
      expect((await admin.put('/api/line-settings', { business_time_zone })).status).toBe(200);
      return (await admin.get(`/api/lines/${created.body.line.id}`)).body.status as string;
    };
    expect(await statusIn('Etc/GMT+12')).toBe('active');
    expect(await statusIn('Pacific/Kiritimati')).toBe('expired');
    await admin.put('/api/line-settings', { business_time_zone: 'UTC' });
  });
});
