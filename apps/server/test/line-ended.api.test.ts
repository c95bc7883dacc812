import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoDate } from '@linedesk/shared';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, agentUsers, display, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { jobRoundsPass, waitFor } from './support/wait-for.js';

/** Lines that ended (docs/resellers.md, "Lines that ended"), over HTTP against a running server. */
describe('lines that ended', () => {
  let server: TestServer;
  let agent: TestAgent;
  let admin: TestClient;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;
  const today = () => isoDate(new Date());
  type Line = { id: number; username: string; expiry_date: string; archived_at?: string | null };

  const reseller = async (): Promise<Account> => signUpAccount(server, `${unique('ended')}@example.com`, 200);
  /** A line of `owner` whose expiry date is `daysAgo` days before today (set by an admin, like any edit). */
  const lineEnded = async (owner: Account, daysAgo: number): Promise<Line> => {
    const res = await owner.client.post('/api/lines', {
      username: unique('en'),
      password: 'pw-1234',
      subscription_months: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.line.id as number;
    const past = await admin.patch(`/api/lines/${id}`, { expiry_date: display(addDays(today(), -daysAgo)) });
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    return past.body.line as Line;
  };
  const getLine = (client: TestClient, id: number) => client.get(`/api/lines/${id}`);
  const onAgent = async (username: string) =>
    (await agentUsers(agent)).some((user) => user.username === username);
  const listedIds = async (client: TestClient, query = '') =>
    ((await client.get(`/api/lines?page_size=100${query}`)).body.items as Line[]).map((l) => l.id);
  const history = async (client: TestClient, id: number) =>
    ((await client.get(`/api/lines/${id}/events`)).body.items as { action: string }[])
      .map((e) => e.action)
      .filter((action) => action !== 'synced');
  const settings = async (body: Record<string, unknown>) => {
    const res = await admin.put('/api/line-settings', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Waits until two more rounds of the job have run: one of them started after this call. */
  const twoMoreRounds = () => jobRoundsPass(server, 'line-ended', 2);

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      LINE_ENDED_INTERVAL_SECONDS: '1',
    });
    admin = await server.admin();
    agent = await startLineAgent();
    await addAgentServer(admin, agent);
  });
  afterAll(async () => {
    await server?.close();
    await agent?.cleanup();
  });

  it('is off by default: lines long ended stay, in the lists and on their server', async () => {
    expect((await admin.get('/api/line-settings')).body).toMatchObject({
      ended_line_action: 'off',
      ended_line_days: 30,
    });
    const owner = await reseller();
    const line = await lineEnded(owner, 400);
    await twoMoreRounds();
    expect((await getLine(owner.client, line.id)).body).toMatchObject({
      archived_at: null,
      status: 'expired',
    });
    expect(await listedIds(owner.client)).toContain(line.id);
    expect(await onAgent(line.username)).toBe(true);
    expect((await owner.client.get('/api/dashboard/todo')).body.ending).toBeNull();
  });

  it('archives exactly the lines ended more than N days ago; a renewed line stays; restoring brings it back', async () => {
    const owner = await reseller();
    const due = await lineEnded(owner, 31);
    const lastDay = await lineEnded(owner, 30);
    const renewed = await lineEnded(owner, 200);
    const renew = await owner.client.post(`/api/lines/${renewed.id}/renew`, { subscription_months: 1 });
    expect(renew.status, JSON.stringify(renew.body)).toBe(200);

    await settings({ ended_line_action: 'archive', ended_line_days: 30 });
    try {
      const archived = await waitFor(
        () => getLine(owner.client, due.id),
        (res) => typeof res.body.archived_at === 'string',
      );
      expect(archived.status).toBe(200);
      await twoMoreRounds();
      for (const kept of [lastDay, renewed]) {
        expect((await getLine(owner.client, kept.id)).body.archived_at).toBeNull();
        expect(await onAgent(kept.username)).toBe(true);
      }
      // Off its server through the outbox, out of the list, found under "Archived".
      await waitFor(
        () => onAgent(due.username),
        (present) => !present,
      );
      const listed = await listedIds(owner.client);
      expect(listed).not.toContain(due.id);
      expect(listed).toEqual(expect.arrayContaining([lastDay.id, renewed.id]));
      expect(await listedIds(owner.client, '&archived=true')).toEqual([due.id]);
      expect(await history(owner.client, due.id)).toEqual(['archived', 'edited', 'created']);

      // An archived line takes no change until it is restored.
      const edit = await owner.client.patch(`/api/lines/${due.id}`, { notes: 'still here?' });
      expect(edit.status).toBe(409);
      expect(edit.body.error.code).toBe('LINE_ARCHIVED');
      const renewArchived = await owner.client.post(`/api/lines/${due.id}/renew`, { subscription_months: 1 });
      expect(renewArchived.body.error.code).toBe('LINE_ARCHIVED');

      const restored = await owner.client.post(`/api/lines/${due.id}/restore`);
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect(restored.body.line).toMatchObject({ archived_at: null, status: 'expired' });
      expect(restored.body.sync.ok).toBe(true);
      expect(await onAgent(due.username)).toBe(true);
      expect(await listedIds(owner.client)).toContain(due.id);
      expect(await listedIds(owner.client, '&archived=true')).toEqual([]);
      expect(await history(owner.client, due.id)).toEqual(['restored', 'archived', 'edited', 'created']);
      // Restored after it ended, it is left alone until it is renewed and ends again.
      await twoMoreRounds();
      expect((await getLine(owner.client, due.id)).body.archived_at).toBeNull();
      expect(await onAgent(due.username)).toBe(true);
    } finally {
      await settings({ ended_line_action: 'off' });
    }
  });

  it('warns in the to-do list of the lines going within 3 days, with the filter that lists them', async () => {
    const owner = await reseller();
    const soon = await lineEnded(owner, 59); // goes in 2 days with 60 days
    const later = await lineEnded(owner, 56); // in 5 days
    await settings({ ended_line_action: 'archive', ended_line_days: 60 });
    try {
      const todo = (await owner.client.get('/api/dashboard/todo')).body;
      expect(todo.ending).toMatchObject({ action: 'archive', within_days: 3, total: 1 });
      expect(todo.ending.items.map((l: Line) => l.id)).toEqual([soon.id]);
      const filtered = await listedIds(owner.client, `&expired_for_days=${todo.ending.expired_for_days}`);
      expect(filtered).toEqual([soon.id]);
      expect(filtered).not.toContain(later.id);
      // Not due yet: nothing is archived.
      await twoMoreRounds();
      expect((await getLine(owner.client, soon.id)).body.archived_at).toBeNull();
    } finally {
      await settings({ ended_line_action: 'off' });
    }
  });

  it('deletes, when set to, the lines ended more than N days ago, from their server too', async () => {
    const owner = await reseller();
    const due = await lineEnded(owner, 11);
    const kept = await lineEnded(owner, 9);
    await settings({ ended_line_action: 'delete', ended_line_days: 10 });
    try {
      await waitFor(
        () => getLine(owner.client, due.id),
        (res) => res.status === 404,
      );
      await waitFor(
        () => onAgent(due.username),
        (present) => !present,
      );
      await twoMoreRounds();
      expect((await getLine(owner.client, kept.id)).status).toBe(200);
      expect(await onAgent(kept.username)).toBe(true);
    } finally {
      await settings({ ended_line_action: 'off' });
    }
  });

  it('refuses a bad setting, a restore of a line not archived, and anyone else’s line', async () => {
    const bad = await admin.put('/api/line-settings', { ended_line_days: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('LINE_ENDED_INVALID_SETTING');
    const badAction = await admin.put('/api/line-settings', { ended_line_action: 'burn' });
    expect(badAction.body.error.code).toBe('LINE_ENDED_INVALID_SETTING');
    const owner = await reseller();
    expect((await owner.client.put('/api/line-settings', { ended_line_action: 'delete' })).status).toBe(403);
    const line = await lineEnded(owner, 1);
    const notArchived = await owner.client.post(`/api/lines/${line.id}/restore`);
    expect(notArchived.status).toBe(409);
    expect(notArchived.body.error.code).toBe('LINE_NOT_ARCHIVED');
    const stranger = await reseller();
    expect((await stranger.client.post(`/api/lines/${line.id}/restore`)).status).toBe(404);
    expect((await admin.get('/api/line-settings')).body.ended_line_action).toBe('off');
  });
});
