import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';

const folders: string[] = [];
const clients: PGlite[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A copy of the migrations whose journal ends at `tag`: the schema a release with that one left. */
async function migrationsUpTo(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'linedesk-migrations-'));
  folders.push(folder);
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(last, `no migration ${tag}`).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * Each test builds the schema twice (up to its release, then the rest): minutes at the load of a
 * machine busy with other work, past the project's time limit for a hung test.
 */
const MIGRATING_TWICE_MS = 300_000;

async function databaseAt(tag: string) {
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  clients.push(client);
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: await migrationsUpTo(tag) });
  return { client, db };
}

describe('upgrading a database with accounts in it', () => {
  it(
    "keeps a language other than English as the account's choice and makes a stored English the browser's",
    async () => {
      const { client, db } = await databaseAt('0039_reminder_batches');
      // Before 0040 every account had a language, 'en' by default.
      await client.exec(`
      insert into auth_users (id, email) values ('by-default', 'default@example.com');
      insert into auth_users (id, email, language) values ('german', 'german@example.com', 'de');
      insert into auth_users (id, email, language) values ('portuguese', 'pt@example.com', 'pt');
    `);

      await migrate(db, { migrationsFolder });

      const { rows } = await client.query<{
        id: string;
        language: string | null;
        browser_language: string | null;
      }>('select id, language, browser_language from auth_users order by id');
      expect(rows).toEqual([
        // An 'en' may have been the default only: not chosen, but what the browser showed.
        { id: 'by-default', language: null, browser_language: 'en' },
        { id: 'german', language: 'de', browser_language: null },
        { id: 'portuguese', language: 'pt', browser_language: null },
      ]);
      // A new account has chosen nothing.
      await client.exec(`insert into auth_users (id, email) values ('new', 'new@example.com')`);
      const created = await client.query<{ language: string | null }>(
        `select language from auth_users where id = 'new'`,
      );
      expect(created.rows).toEqual([{ language: null }]);
    },
    MIGRATING_TWICE_MS,
  );
});

describe('upgrading a database with lines, jobs and payments in it (0041 onwards)', () => {
  it(
    'keeps every row and gives it the value each later column starts with',
    async () => {
      const { client, db } = await databaseAt('0040_account_language_chosen');
      await client.exec(`
      insert into auth_users (id, email, credits) values ('shop', 'shop@example.com', 5);
      insert into cccam_servers (id, server_name, host_ip, username, password_encrypted)
        values (1, 'Main', '10.0.0.1', 'panel', 'sealed');
      insert into users (id, username, password, expiry_date, owner_id, server_id, sync_state)
        values (1, 'anna01', 'pw', '2030-01-01', 'shop', 1, 'failing');
      insert into credit_ledger (account_id, delta, balance_after, reason) values ('shop', 5, 5, 'topup');
      insert into topup_requests (account_id, package_name, credits, price_cents, currency, status, method_kind,
        expired_reason)
        values ('shop', 'Small', 10, 500, 'EUR', 'expired', 'manual', 'not_paid_in_time');
      insert into messages (title, content, is_global) values ('Maintenance', 'Tonight', true);
      insert into line_bulk_jobs (id, account_id, is_admin, action, total, status)
        values (1, 'shop', false, 'renew', 2, 'running'), (2, 'shop', false, 'renew', 1, 'done');
      insert into line_bulk_items (job_id, seq, line_id, result) values (1, 1, 1, 'done'), (1, 2, 1, 'pending');
      insert into line_imports (id, account_id, file_name, format, encoding, columns, suggested_mapping, total,
        status)
        values (1, 'shop', 'lines.csv', 'csv', 'utf-8', '[]', '{}', 3, 'queued');
    `);

      await migrate(db, { migrationsFolder });

      const one = async <T>(sql: string) => (await client.query<T>(sql)).rows;
      // 0041, 0044, 0053: a line keeps its state, has no own values yet and is not frozen.
      expect(
        await one('select sync_state, restriction_overrides, entry_extra, frozen_at, frozen_days from users'),
      ).toEqual([
        {
          sync_state: 'failing',
          restriction_overrides: {},
          entry_extra: null,
          frozen_at: null,
          frozen_days: null,
        },
      ]);
      // 0042, 0043, 0050: a server knows no packages, has no agent id and no backend named yet.
      expect(
        await one('select group_names, service_names, agent_id, agent_backend from cccam_servers'),
      ).toEqual([{ group_names: {}, service_names: [], agent_id: null, agent_backend: null }]);
      // 0051: ledger rows from before credit limits had none.
      expect(await one('select balance_after, credit_limit from credit_ledger')).toEqual([
        { balance_after: 5, credit_limit: 0 },
      ]);
      // 0045, 0048, 0052: a top-up keeps its status and reason, with nothing asked of its provider.
      expect(
        await one(
          'select status, expired_reason, provider_state, provider_checked_at, revoked_at from topup_requests',
        ),
      ).toEqual([
        {
          status: 'expired',
          expired_reason: 'not_paid_in_time',
          provider_state: null,
          provider_checked_at: null,
          revoked_at: null,
        },
      ]);
      // 0047: an old message has no text code (0056 indexes the uncoded ones the start-up pass converts).
      expect(await one('select text_code, text_params from messages')).toEqual([
        { text_code: null, text_params: null },
      ]);
      // 0043, 0058: jobs keep their status and items, none has failed yet, and the open one is due.
      expect(
        await one(
          'select id, status, attempts, last_error, next_attempt_at <= now() as due from line_bulk_jobs order by id',
        ),
      ).toEqual([
        { id: 1, status: 'running', attempts: 0, last_error: null, due: true },
        { id: 2, status: 'done', attempts: 0, last_error: null, due: true },
      ]);
      expect(await one('select seq, result, grace_until from line_bulk_items order by seq')).toEqual([
        { seq: 1, result: 'done', grace_until: null },
        { seq: 2, result: 'pending', grace_until: null },
      ]);
      expect(await one('select status, attempts, last_error from line_imports')).toEqual([
        { status: 'queued', attempts: 0, last_error: null },
      ]);
    },
    MIGRATING_TWICE_MS,
  );
});
