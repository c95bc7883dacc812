import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type StandInClient, type StandInOscam, watchingClient } from '../../agent/test/stand-in-servers.js';
import { pollEcmStats } from '../src/modules/ecm-stats/ecm-poll.js';
import { ecmPollsRepository } from '../src/modules/ecm-stats/ecm-poll.repository.js';
import { rollUpAndExpire } from '../src/modules/ecm-stats/ecm-rollup.js';
import { type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { oscamLineFixture } from './support/oscam-line-fixture.js';
import type { TestServer } from './support/test-server.js';
import { jobRoundsPass, waitFor } from './support/wait-for.js';

const card: StandInClient = {
  ...watchingClient('sky-card', '203.0.113.7', 'id_card'),
  type: 'r',
  protocol: 'internal',
  status: 'CARDOK',
  ecmtime: 187,
};

describe('ECM statistics: the poll, rollups, retention and who sees them', () => {
  let server: TestServer;
  let admin: TestClient;
  let oscam: StandInOscam;
  let serverId: number;
  let owner: Account;
  let stranger: Account;
  const lineFixture = oscamLineFixture({
    serverName: 'OSCam ECM',
    prefix: 'ecm',
    // Agent calls may take long (a test below holds one): a poll's claim covers their time.
    env: { ECM_STATS_POLL_SECONDS: '1', LINE_CONNECTIONS_POLL_SECONDS: '0', SERVER_API_TIMEOUT_MS: '30000' },
  });
  const { name } = lineFixture;

  const roundsPass = (n: number) => jobRoundsPass(server, 'ecm-stats', n);
  const createLine = async (account: Account = owner, username = name()) => {
    const res = await account.client.post('/api/lines', {
      username,
      password: 'pw-1234',
      subscription_months: 1,
      server_id: serverId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.line as { id: number; username: string };
  };
  const lineStats = async (c: TestClient, id: number, range = '1h') => {
    const res = await c.get(`/api/lines/${id}/ecm-stats?range=${range}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const db = () => server.built.ctx.db;
  const rows = async (query: ReturnType<typeof sql>) =>
    (await db().execute<Record<string, unknown>>(query)).rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]),
      ),
    );

  beforeAll(() => {
    ({ server, admin, oscam, serverId, owner, stranger } = lineFixture);
  });

  it('charts what the server answered the line since the last poll, with its channel and answer time', async () => {
    // The counters are there before the line is: a poll may read the account as soon as the agent
    // has written it, before the line's creation has answered, and that first reading is then 40.
    const username = name();
    oscam.setClients([watchingClient(username, '203.0.113.7', 'id_1'), card]);
    oscam.setCounters(username, 40, 1, { lastMs: 300 });
    const line = await createLine(owner, username);
    // The first reading is the baseline: what came before the panel looked is no one's minute.
    await roundsPass(2);
    expect((await lineStats(owner.client, line.id)).totals).toEqual({ ok: 0, nok: 0, avg_ms: null });

    oscam.setCounters(line.username, 140, 6, { timeout: 2, lastMs: 250 });
    const stats = await waitFor(
      () => lineStats(owner.client, line.id),
      (body) => body.totals.ok > 0,
    );
    expect(stats.totals).toEqual({ ok: 100, nok: 7, avg_ms: 250 });
    expect(stats.granularity).toBe('minute');
    expect(stats.points.reduce((n: number, p: any) => n + p.ok, 0)).toBe(100);
    expect(stats.channels).toEqual([
      expect.objectContaining({ caid: '1702', srvid: '0085', channel: 'Sky Cinema' }),
    ]);

    // OSCam restarted: its counters start again from 0, and what it counts since is added.
    oscam.setCounters(line.username, 10, 0, { lastMs: 150 });
    const after = await waitFor(
      () => lineStats(owner.client, line.id),
      (body) => body.totals.ok > 100,
    );
    expect(after.totals).toEqual({ ok: 110, nok: 7, avg_ms: Math.round((250 * 100 + 150 * 10) / 110) });

    const byServer = await admin.get(`/api/servers/${serverId}/ecm-stats?range=24h`);
    expect(byServer.status).toBe(200);
    expect(byServer.body.totals.ok).toBeGreaterThanOrEqual(110);
    expect(byServer.body.poll_error).toBeNull();
    expect(byServer.body.readers).toEqual([
      expect.objectContaining({
        label: 'sky-card',
        protocol: 'internal',
        state: 'CARDOK',
        up_ratio: 1,
        avg_ms: 187,
      }),
    ]);
    const tile = await owner.client.get('/api/dashboard/ecm');
    expect(tile.status).toBe(200);
    expect(tile.body.totals.ok).toBe(110);
  });

  it('counts what a slow poll read only if no newer reading was stored meanwhile: never an older count after a newer one', async () => {
    const username = name();
    oscam.setCounters(username, 40, 0, { lastMs: 200 });
    const line = await createLine(owner, username);
    await roundsPass(2);
    oscam.setCounters(username, 140, 0, { lastMs: 200 });
    // The server is slow to answer the next poll, which has read 140 when the count goes on to 150.
    const held = oscam.holdNextUserstats();
    await held.arrived;
    oscam.setCounters(username, 150, 0, { lastMs: 200 });
    try {
      const [claimed] = await rows(
        sql`select next_poll_at > now() + interval '60 seconds' as leased from ecm_polls where server_id = ${serverId}`,
      );
      // While its agent call may still answer, the server is not due again (a claim for the calls'
      // time, not for the one-second interval): no second poll of this panel reads it meanwhile.
      expect(claimed).toEqual({ leased: true });
      // Another instance, as when the slow poll ran past its claim, takes the server and stores its
      // newer reading first: 150 - 40 answers.
      await db().execute(sql`update ecm_polls set next_poll_at = now() where server_id = ${serverId}`);
      const other = await ecmPollsRepository.claimDue(db(), 60);
      expect(other?.serverId).toBe(serverId);
      await pollEcmStats(server.built.ctx, serverId, { claim: other!.claim, intervalSeconds: 3600 });
      expect((await lineStats(owner.client, line.id)).totals.ok).toBe(110);
    } finally {
      held.release();
    }
    // The slow poll's 140 is older than the 150 stored: added, it would read as a restart of the
    // server and count 140 more.
    await roundsPass(1);
    expect((await lineStats(owner.client, line.id)).totals).toEqual({ ok: 110, nok: 0, avg_ms: 200 });
    await db().execute(sql`update ecm_polls set next_poll_at = now() where server_id = ${serverId}`);
    await roundsPass(2);
    expect((await lineStats(owner.client, line.id)).totals).toEqual({ ok: 110, nok: 0, avg_ms: 200 });
  });

  it("answers 404 to another reseller for a line's figures, and keeps the server's and its tile to their own", async () => {
    const line = await createLine();
    const foreign = await stranger.client.get(`/api/lines/${line.id}/ecm-stats`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('LINE_NOT_FOUND');
    expect((await stranger.client.get(`/api/servers/${serverId}/ecm-stats`)).status).toBe(403);
    expect((await stranger.client.get('/api/dashboard/ecm')).body.totals).toEqual({
      ok: 0,
      nok: 0,
      avg_ms: null,
    });
    expect((await admin.get(`/api/lines/${line.id}/ecm-stats`)).status).toBe(200);
    expect((await admin.get(`/api/servers/999999/ecm-stats`)).body.error.code).toBe('SERVER_NOT_FOUND');
  });

  it('rolls minutes into hours and hours into days with the same sums, and the charts read them', async () => {
    const line = await createLine();
    const subject = line.id;
    // Three days ago: 3 minutes in one hour, 2 in the next; two days ago: one minute. (Not yesterday:
    // in the first minutes after midnight, yesterday's last hour is not settled yet, so its day does
    // not roll.)
    const minutes: [string, number, number, number][] = [
      ["date_trunc('day', now(), 'UTC') - interval '3 days' + interval '10 hours 1 minute'", 10, 1, 100],
      ["date_trunc('day', now(), 'UTC') - interval '3 days' + interval '10 hours 2 minutes'", 20, 0, 200],
      ["date_trunc('day', now(), 'UTC') - interval '3 days' + interval '10 hours 59 minutes'", 30, 2, 300],
      ["date_trunc('day', now(), 'UTC') - interval '3 days' + interval '11 hours 5 minutes'", 40, 3, 400],
      ["date_trunc('day', now(), 'UTC') - interval '3 days' + interval '11 hours 6 minutes'", 50, 0, 500],
      ["date_trunc('day', now(), 'UTC') - interval '2 days' + interval '8 hours'", 7, 7, 0],
    ];
    // The rollup taken back to before those rows, as if it had been stopped since, in the same
    // transaction: a round of the server's own (every second here) that saw the old rows under the
    // current marks would take them for rolled already and delete them as past the minutes' 48 hours.
    await db().transaction(async (tx) => {
      for (const [at, ok, nok, ms] of minutes) {
        await tx.execute(
          sql.raw(
            `insert into ecm_minute (kind, subject_id, reader, bucket, ok, nok, time_sum, time_n) values (1, ${subject}, '', ${at}, ${ok}, ${nok}, ${ms * ok}, ${ms ? ok : 0})`,
          ),
        );
      }
      await tx.execute(
        sql.raw(
          `update ecm_rollup_state set hours_through = date_trunc('day', now(), 'UTC') - interval '4 days', days_through = date_trunc('day', now(), 'UTC') - interval '4 days'`,
        ),
      );
    });
    await rollUpAndExpire(server.built.ctx);

    // The server's own rounds (every second here) roll up too, and while one holds the rollup's
    // state this call skips its steps (FOR UPDATE SKIP LOCKED, seen on PostgreSQL): whichever of
    // them rolls these buckets, the rows come.
    const hours = await waitFor(
      () =>
        rows(
          sql.raw(
            `select extract(hour from bucket at time zone 'UTC')::int as h, ok, nok, time_sum, time_n from ecm_hour where kind = 1 and subject_id = ${subject} order by bucket`,
          ),
        ),
      (found) => found.length >= 3,
    );
    expect(hours).toEqual([
      { h: 10, ok: 60, nok: 3, time_sum: 1000 + 4000 + 9000, time_n: 60 },
      { h: 11, ok: 90, nok: 3, time_sum: 16000 + 25000, time_n: 90 },
      { h: 8, ok: 7, nok: 7, time_sum: 0, time_n: 0 },
    ]);
    const days = await waitFor(
      () =>
        rows(
          sql.raw(
            `select ok, nok, time_sum, time_n from ecm_day where kind = 1 and subject_id = ${subject} order by bucket`,
          ),
        ),
      (found) => found.length >= 2,
    );
    expect(days).toEqual([
      { ok: 150, nok: 6, time_sum: 55000, time_n: 150 },
      { ok: 7, nok: 7, time_sum: 0, time_n: 0 },
    ]);
    // Running it again changes nothing: each bucket is summed once.
    await rollUpAndExpire(server.built.ctx);
    expect(
      await rows(
        sql.raw(`select sum(ok)::int as ok from ecm_day where kind = 1 and subject_id = ${subject}`),
      ),
    ).toEqual([{ ok: 157 }]);

    const month = await lineStats(owner.client, line.id, '30d');
    expect(month.granularity).toBe('day');
    expect(month.points.map((p: any) => [p.ok, p.nok, p.avg_ms])).toEqual([
      [150, 6, Math.round(55000 / 150)],
      [7, 7, null],
    ]);
    expect(month.totals).toEqual({ ok: 157, nok: 13, avg_ms: Math.round(55000 / 150) });
    const week = await lineStats(owner.client, line.id, '7d');
    expect(week.points.map((p: any) => p.ok)).toEqual([60, 90, 7]);
  });

  it("counts each reader's ECMs answered and not since the last poll, and charts each reader from the rollups", async () => {
    const peer: StandInClient = {
      ...card,
      thid: 'id_peer',
      name: 'peer-fra',
      type: 'p',
      protocol: 'newcamd',
      status: 'CONNECTED',
      ecmtime: 0,
    };
    const serverStats = async (range = '24h') => {
      const res = await admin.get(`/api/servers/${serverId}/ecm-stats?range=${range}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { readers: any[] };
    };
    const reader = (body: { readers: any[] }, label: string) =>
      body.readers.find((entry) => entry.label === label);
    oscam.setClients([card, peer]);
    oscam.setReader('sky-card', { ok: 500, notFound: 10 });
    oscam.setReader('peer-fra', { ok: 40, notFound: 4, timeout: 1 });
    // The first reading of a reader's counters is its baseline, as for accounts.
    await roundsPass(2);
    const before = await serverStats();
    expect([reader(before, 'sky-card').ok, reader(before, 'sky-card').nok]).toEqual([0, 0]);
    expect([reader(before, 'peer-fra').ok, reader(before, 'peer-fra').nok]).toEqual([0, 0]);

    oscam.setReader('sky-card', { ok: 620, notFound: 13, timeout: 2 });
    oscam.setReader('peer-fra', { ok: 40, notFound: 8, timeout: 2 });
    const counted = await waitFor(serverStats, (body) => {
      const sky = reader(body, 'sky-card');
      const fra = reader(body, 'peer-fra');
      return sky?.ok === 120 && fra?.nok === 5;
    });
    const sky = reader(counted, 'sky-card');
    // Not found and timed out alike.
    expect({ ok: sky.ok, nok: sky.nok, state: sky.state }).toEqual({ ok: 120, nok: 5, state: 'CARDOK' });
    expect(sky.points.reduce((n: number, p: any) => n + p.ok, 0)).toBe(120);
    expect(sky.points.reduce((n: number, p: any) => n + p.nok, 0)).toBe(5);
    const fra = reader(counted, 'peer-fra');
    expect({ ok: fra.ok, nok: fra.nok, state: fra.state, protocol: fra.protocol }).toEqual({
      ok: 0,
      nok: 5,
      state: 'CONNECTED',
      protocol: 'newcamd',
    });

    // OSCam restarted (or its statistics were reset): what it counts since is added.
    oscam.setReader('sky-card', { ok: 30, notFound: 1 });
    await waitFor(serverStats, (body) => reader(body, 'sky-card')?.ok === 150);
    expect(reader(await serverStats(), 'sky-card').nok).toBe(6);

    // Three days back, a minute of the reader: rolled into its hour and day, and the month reads the day.
    // Written with the marks taken back, in one transaction (as in the rollup test above).
    await db().transaction(async (tx) => {
      await tx.execute(
        sql.raw(
          `insert into ecm_minute (kind, subject_id, reader, bucket, ok, nok, time_sum, time_n, polls, up) values (3, ${serverId}, 'sky-card', date_trunc('day', now(), 'UTC') - interval '3 days' + interval '9 hours', 900, 100, 1800, 10, 10, 10)`,
        ),
      );
      await tx.execute(
        sql.raw(
          `update ecm_rollup_state set hours_through = date_trunc('day', now(), 'UTC') - interval '4 days', days_through = date_trunc('day', now(), 'UTC') - interval '4 days'`,
        ),
      );
    });
    await rollUpAndExpire(server.built.ctx);
    // Rolled by this call or by the server's own round, whichever holds the rollup's state (above).
    const readerDay = await waitFor(
      () =>
        rows(
          sql.raw(
            `select ok, nok from ecm_day where kind = 3 and subject_id = ${serverId} and reader = 'sky-card' and bucket = date_trunc('day', now(), 'UTC') - interval '3 days'`,
          ),
        ),
      (found) => found.length > 0,
    );
    expect(readerDay).toEqual([{ ok: 900, nok: 100 }]);
    const month = reader(await serverStats('30d'), 'sky-card');
    expect(month.points[0]).toMatchObject({ ok: 900, nok: 100, avg_ms: 180 });
    expect({ ok: month.ok, nok: month.nok }).toEqual({ ok: 1050, nok: 106 });
    // The other reader's figures stay its own.
    expect(reader(await serverStats('30d'), 'peer-fra')).toMatchObject({ ok: 0, nok: 5 });
  });

  it('deletes rows older than the retention, only once they are rolled up, and refuses a retention out of range', async () => {
    const refused = await admin.put('/api/ecm-settings', { minute_retention_hours: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('ECM_STATS_INVALID_SETTINGS');
    expect((await owner.client.put('/api/ecm-settings', { minute_retention_hours: 2 })).status).toBe(403);
    const set = await admin.put('/api/ecm-settings', {
      minute_retention_hours: 2,
      hour_retention_days: 7,
      day_retention_days: 31,
    });
    expect(set.status).toBe(200);
    // The churn radar's days and the outage watch keep their defaults (docs/ecm-stats.md, docs/outages.md).
    expect((await admin.get('/api/ecm-settings')).body).toEqual({
      minute_retention_hours: 2,
      hour_retention_days: 7,
      day_retention_days: 31,
      churn_idle_days: 7,
      churn_horizon_days: 14,
      outage_answer_rate_percent: 50,
      outage_minutes: 5,
      outage_compensate: false,
    });

    const line = await createLine();
    // The rows and the marks behind them are written in one transaction: the background round (every
    // second here) must never see the old rows before the marks that make them due, or it would
    // delete a minute as past its retention and already rolled before it was rolled.
    await db().transaction(async (tx) => {
      const insert = (table: string, at: string, ok: number) =>
        tx.execute(
          sql.raw(
            `insert into ${table} (kind, subject_id, reader, bucket, ok) values (1, ${line.id}, '', ${at}, ${ok})`,
          ),
        );
      await insert('ecm_minute', "date_trunc('hour', now(), 'UTC') - interval '5 hours'", 5);
      await insert('ecm_hour', "date_trunc('day', now(), 'UTC') - interval '10 days'", 11);
      await insert('ecm_day', "date_trunc('day', now(), 'UTC') - interval '40 days'", 13);
      await insert('ecm_day', "date_trunc('day', now(), 'UTC') - interval '20 days'", 17);
      await tx.execute(
        sql.raw(
          `update ecm_rollup_state set hours_through = date_trunc('hour', now(), 'UTC') - interval '6 hours', days_through = date_trunc('day', now(), 'UTC') - interval '11 days'`,
        ),
      );
    });
    await rollUpAndExpire(server.built.ctx);

    const left = async (table: string) =>
      rows(sql.raw(`select ok from ${table} where kind = 1 and subject_id = ${line.id} order by bucket`));
    // (Before 05:00 UTC the minute's hour is yesterday's, and yesterday is rolled into its day too.)
    const olderDays = async () =>
      (
        await rows(
          sql.raw(
            `select ok from ecm_day where kind = 1 and subject_id = ${line.id} and bucket < date_trunc('day', now(), 'UTC') - interval '1 day' order by bucket`,
          ),
        )
      ).map((r) => r.ok);
    // Rolled and deleted by this call or by the server's own round, whichever holds the rollup's
    // state (see above): waited for until all of it is done, then each part checked.
    await waitFor(
      async () =>
        [(await left('ecm_minute')).length, (await left('ecm_hour')).length, await olderDays()] as const,
      ([minutes, hours, days]) => minutes === 0 && hours === 1 && days.join() === '17,11',
    ).catch(() => undefined);
    // The minute row is gone, its hour kept; the 10-day hour went into its day before it was deleted.
    expect(await left('ecm_minute')).toEqual([]);
    expect((await left('ecm_hour')).map((r) => r.ok)).toEqual([5]);
    expect(await olderDays()).toEqual([17, 11]);
    const month = await lineStats(owner.client, line.id, '30d');
    expect(month.totals.ok).toBe(17 + 11 + 5);
  });
});
