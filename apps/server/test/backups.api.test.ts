import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Db } from '../src/db/client.js';
import { repoTestData } from './support/global-setup.js';
import { startLineAgent } from './support/line-agent.js';
import { addActiveServer, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { testPostgresUrl, uniqueName } from './support/test-database.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const LINES = 10_000;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ab6b6d4a0000000049454e44ae426082',
  'hex',
);

/** Runs `npm run restore`'s program as a person would, against one data folder. */
function runRestore(file: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, LINEDESK_DATA_DIR: dataDir, INIT_CWD: serverDir };
    delete env.DATABASE_URL;
    delete env.LINEDESK_SECRET;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/restore-cli.ts', file], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

type TableDigest = { rows: number; sha256: string };

/** Every row of every table (ours and the migration journal), and every sequence's position. */
async function snapshot(db: Db): Promise<Record<string, TableDigest | string>> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rows<{ schema: string; name: string }>(
    await db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
      order by 1, 2`),
  );
  const digest: Record<string, TableDigest | string> = {};
  for (const table of tables) {
    const qualified = sql.raw(`"${table.schema}"."${table.name}"`);
    const [content] = rows<{ n: number; body: string }>(
      await db.execute(
        sql`select count(*)::int as n, coalesce(json_agg(t order by t::text), '[]'::json)::text as body
            from ${qualified} t`,
      ),
    );
    digest[`${table.schema}.${table.name}`] = {
      rows: content!.n,
      sha256: createHash('sha256').update(content!.body).digest('hex'),
    };
  }
  for (const sequence of rows<{ name: string; last: string | null }>(
    await db.execute(
      sql`select schemaname || '.' || sequencename as name, last_value::text as last from pg_sequences`,
    ),
  )) {
    digest[`sequence ${sequence.name}`] = sequence.last ?? 'unused';
  }
  return digest;
}

describe.skipIf(Boolean(testPostgresUrl()))('backups of the embedded database', () => {
  let server: TestServer;
  let admin: TestClient;
  let reseller: Account;
  let restoreDir: string;

  beforeAll(async () => {
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      // Background writers off: the copy is compared row for row with the database it was taken from.
      ECM_STATS_POLL_SECONDS: '0',
      LINE_RECONCILE_INTERVAL_SECONDS: '0',
      // The outbox's deliverer too (its first round is this far off): a retry of a notice between
      // the backup and the comparison changed its row in one database and not in the other.
      NOTIFICATION_POLL_MS: '600000',
    });
    admin = await server.admin();
    reseller = await signUpAccount(server, 'backup-reseller@example.com');
    restoreDir = path.join(repoTestData, uniqueName('restore'));
  });
  afterAll(async () => {
    await server?.close();
    if (restoreDir) await rm(restoreDir, { recursive: true, force: true });
  });

  it(`round-trips ${LINES} lines with their ledger, tickets and an attachment: every row of every table equal`, async () => {
    const db = server.built.ctx.db;
    // A real upload, so the attachment's bytes on disk are part of the round trip.
    const ticket = await reseller.client.post('/api/tickets', {
      title: 'Receiver picture',
      description: 'What the receiver shows.',
      priority: 'high',
      category: 'technical',
    });
    expect(ticket.status).toBe(201);
    const form = new FormData();
    form.append('content', 'See the picture');
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'screen.png');
    const uploaded = await fetch(`${server.url}/api/tickets/${ticket.body.id}/replies`, {
      method: 'POST',
      headers: {
        cookie: [...reseller.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: server.url,
        'x-forwarded-for': reseller.client.ip,
      },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const attachmentUrl = ((await uploaded.json()) as { attachment_url: string }).attachment_url;

    // The bulk is written straight into the tables: the point here is the copy, not the API.
    const created = await admin.post('/api/servers', {
      server_name: 'Backup box',
      host_ip: '127.0.0.1',
      port: 12000,
      api_port: 3000,
      username: 'panel',
      password: 'agent-password',
    });
    expect(created.status).toBe(201);
    const serverId = created.body.id as number;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into users (username, password, expiry_date, owner_id, owner_email, server_id, notes,
                           enabled, subscription_months, sync_state)
        select 'bk' || i, 'pw-' || md5(i::text), date '2027-01-01' + (i % 700), ${reseller.id},
               ${reseller.email}, ${serverId}, case when i % 3 = 0 then 'note ' || i end, i % 11 <> 0,
               (array[1, 3, 6, 12, 24])[1 + i % 5], 'synced'
        from generate_series(1, ${LINES}) as i`);
      await tx.execute(sql`
        insert into credit_ledger (account_id, delta, balance_after, reason, ref_type, ref_id)
        values (${reseller.id}, ${2 * LINES}, ${2 * LINES}, 'add', null, null)`);
      await tx.execute(sql`
        insert into credit_ledger (account_id, delta, balance_after, reason, actor_id, ref_type, ref_id)
        select ${reseller.id}, -2, ${2 * LINES} - 2 * i, 'line_create', ${reseller.id}, 'line', u.id::text
        from generate_series(1, ${LINES}) as i join users u on u.username = 'bk' || i`);
      await tx.execute(sql`update auth_users set credits = 0, group_id = 2 where id = ${reseller.id}`);
      await tx.execute(sql`
        insert into tickets (title, description, status, priority, category, user_id)
        select 'Ticket ' || i, 'Description ' || i, (array['open', 'in_progress', 'closed'])[1 + i % 3],
               'medium', 'general', ${reseller.id}
        from generate_series(1, 300) as i`);
      await tx.execute(sql`
        insert into ticket_replies (ticket_id, user_id, is_admin, content)
        select t.id, ${reseller.id}, r % 2 = 0, 'Reply ' || r || ' to ' || t.id
        from tickets t cross join generate_series(1, 4) as r where t.title like 'Ticket %'`);
    });

    const backup = await admin.post('/api/system/backup');
    expect(backup.status, JSON.stringify(backup.body)).toBe(201);
    // The file's name in the backups folder, not where the server keeps it.
    expect(backup.body.file).toMatch(/^linedesk-backup-[\dT-]+Z\.tar\.gz$/);
    const backupFile = path.join(server.built.ctx.config.dataDir, 'backups', backup.body.file);
    expect(existsSync(backupFile)).toBe(true);
    expect(backup.body.size_bytes).toBeGreaterThan(0);
    const before = await snapshot(db);
    expect(before['public.users']).toMatchObject({ rows: LINES });
    expect(before['public.credit_ledger']).toMatchObject({ rows: LINES + 1 });
    expect(before['public.ticket_replies']).toMatchObject({ rows: 1201 });

    await mkdir(restoreDir, { recursive: true });
    const restored = await runRestore(backupFile, restoreDir);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('(1 attachments)');

    // A copy left by a backup that never finished (the process stopped while writing it) is as large
    // as the database: the next start removes it.
    const unfinished = path.join(restoreDir, '.dump-0123456789ab');
    await mkdir(path.join(unfinished, 'base'), { recursive: true });
    await writeFile(path.join(unfinished, 'base', 'copied-file'), 'x');

    const copy = await startTestServer(
      { SERVER_CHECK_INTERVAL_SECONDS: '0', ECM_STATS_POLL_SECONDS: '0', NOTIFICATION_POLL_MS: '600000' },
      { dataDir: restoreDir },
    );
    try {
      expect(existsSync(unfinished)).toBe(false);
      // Compared before anyone signs in to the copy (a sign-in adds a session row).
      expect(await snapshot(copy.built.ctx.db)).toEqual(before);

      const copyAdmin = await copy.admin();
      expect((await copyAdmin.get('/api/lines?page_size=1')).body.total).toBe(LINES);
      const ledger = await copyAdmin.get(`/api/credits/ledger?account_id=${reseller.id}&page_size=1`);
      expect(ledger.status).toBe(200);
      const file = await fetch(copy.url + attachmentUrl, {
        headers: {
          cookie: [...copyAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-forwarded-for': copyAdmin.ip,
        },
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

      // While a server has this folder's database open, restore refuses and changes nothing.
      const refused = await runRestore(backupFile, restoreDir);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`is running on ${restoreDir}: stop it before restoring`);
      expect((await readdir(restoreDir)).filter((name) => name.includes('before-restore'))).toEqual([]);
    } finally {
      await copy.close();
    }
  }, 600_000);

  it('a backup taken while a reseller sells lines restores one moment: every line with its charge, the balance equal to its ledger', async () => {
    const seller = await signUpAccount(server, 'backup-seller@example.com', 10_000);
    const agent = await startLineAgent();
    onTestFinished(() => agent.stop());
    const box = await addActiveServer(admin, {
      apiPort: agent.port,
      username: agent.username,
      password: agent.password,
      name: 'Live sales',
    });
    // Sales one after another for as long as the backup takes, so that the database changes while
    // its files are copied.
    let selling = true;
    let sold = 0;
    const sales = (async () => {
      while (selling) {
        const res = await seller.client.post('/api/lines', {
          username: `live-sale-${sold}`,
          password: 'pw-1234',
          subscription_months: 1,
          server_id: box.id,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        sold += 1;
      }
    })();
    await waitFor(
      async () => sold,
      (n) => n >= 5,
    );
    const soldBefore = sold;
    const backup = await admin.post('/api/system/backup');
    const soldAfter = sold;
    selling = false;
    await sales;
    expect(backup.status, JSON.stringify(backup.body)).toBe(201);
    // The sales went on while it was written.
    expect(soldAfter).toBeGreaterThan(soldBefore);

    const liveRestoreDir = path.join(repoTestData, uniqueName('restore-live'));
    await mkdir(liveRestoreDir, { recursive: true });
    try {
      const restored = await runRestore(
        path.join(server.built.ctx.config.dataDir, 'backups', backup.body.file),
        liveRestoreDir,
      );
      expect(restored.code, restored.output).toBe(0);
      const copy = await startTestServer(
        { SERVER_CHECK_INTERVAL_SECONDS: '0', ECM_STATS_POLL_SECONDS: '0' },
        { dataDir: liveRestoreDir },
      );
      try {
        const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
          (await copy.built.ctx.db.execute<T>(query)).rows;
        const [state] = await rows<{ lines: number; charges: number; balance: number; ledger: number }>(sql`
          select (select count(*)::int from users where owner_id = ${seller.id}) as lines,
                 (select count(*)::int from credit_ledger
                   where account_id = ${seller.id} and reason = 'line_create') as charges,
                 (select credits from auth_users where id = ${seller.id}) as balance,
                 (select sum(delta)::int from credit_ledger where account_id = ${seller.id}) as ledger`);
        expect(state!.lines).toBeGreaterThanOrEqual(soldBefore);
        expect(state!.lines).toBeLessThanOrEqual(soldAfter + 1);
        expect(state!.charges).toBe(state!.lines);
        expect(state!.balance).toBe(state!.ledger);
        // The lines' table read through its index and read whole agree: no page of it was copied
        // from another moment than the rest.
        const counted = async (...off: string[]) => {
          const [row] = await copy.built.ctx.db.transaction(async (tx) => {
            for (const plan of off) await tx.execute(sql.raw(`set local enable_${plan} = off`));
            const result = await tx.execute<{ n: number }>(
              sql`select count(*)::int as n from users where id > 0`,
            );
            return result.rows;
          });
          return row!.n;
        };
        const byIndex = await counted('seqscan', 'bitmapscan');
        const whole = await counted('indexscan', 'indexonlyscan', 'bitmapscan');
        expect(byIndex).toBe(whole);
        const copyAdmin = await copy.admin();
        const listed = await copyAdmin.get(`/api/lines?owner_id=${seller.id}&page_size=1`);
        expect(listed.status).toBe(200);
        expect(listed.body.total).toBe(state!.lines);
      } finally {
        await copy.close();
      }
    } finally {
      await rm(liveRestoreDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('answers 403 to anyone but an admin and 401 to a wrong local token', async () => {
    const res = await reseller.client.post('/api/system/backup');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ADMIN_ONLY');
    const forged = await fetch(`${server.url}/api/system/backup`, {
      method: 'POST',
      headers: { 'x-linedesk-backup-token': 'not-the-token' },
    });
    expect(forged.status).toBe(401);
  });
});

describe.skipIf(Boolean(testPostgresUrl()))('scheduled backups', () => {
  let server: TestServer;

  beforeAll(async () => {
    // An interval of under two seconds, so several scheduled rounds happen within the test.
    server = await startTestServer({
      SERVER_CHECK_INTERVAL_SECONDS: '0',
      // Background writers off: the copy is compared row for row with the database it was taken from.
      ECM_STATS_POLL_SECONDS: '0',
      BACKUP_INTERVAL_HOURS: '0.0005',
      BACKUP_KEEP: '2',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('writes them on schedule, keeps the newest BACKUP_KEEP, and shows them on the status page', async () => {
    const admin = await server.admin();
    const status = await waitFor(
      async () => (await admin.get('/api/system/status')).body,
      (s) => (s.jobs.find((j: { name: string }) => j.name === 'backups')?.runs ?? 0) >= 3,
      180_000,
    );
    expect(status.backups).toMatchObject({
      by: 'panel',
      interval_hours: 0.0005,
      keep: 2,
      count: 2,
      last_error: null,
    });
    expect(status.backups.last_size_bytes).toBeGreaterThan(0);
    expect(Date.parse(status.backups.next_at)).toBeGreaterThan(Date.parse(status.backups.last_at));
    const files = await readdir(path.join(server.built.ctx.config.dataDir, 'backups'));
    expect(files.filter((name) => name.endsWith('.tar.gz'))).toHaveLength(2);
  }, 240_000);
});

describe.skipIf(!testPostgresUrl())('backups with PostgreSQL', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ SERVER_CHECK_INTERVAL_SECONDS: '0', ECM_STATS_POLL_SECONDS: '0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("are pg_dump's job: the panel refuses to write one and says so on the status page", async () => {
    const admin = await server.admin();
    const res = await admin.post('/api/system/backup');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('BACKUP_NEEDS_EMBEDDED_DATABASE');
    expect((await admin.get('/api/system/status')).body.backups).toMatchObject({ by: 'pg_dump', count: 0 });
    expect(existsSync(path.join(server.built.ctx.config.dataDir, 'backups'))).toBe(false);
  });
});
