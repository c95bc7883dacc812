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

async function databaseAt(tag: string) {
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  clients.push(client);
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: await migrationsUpTo(tag) });
  return { client, db };
}

describe('upgrading a database with accounts in it', () => {
  it("keeps a language other than English as the account's choice and makes a stored English the browser's", async () => {
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
  });
});
