import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { databaseUrl, testPostgresUrl } from './test-database.js';
import { TestClient } from './test-client.js';

/**
 * Reads the database of a server run as a process (the crash tests): the PostgreSQL database
 * `dbName` when the run is on PostgreSQL, else the embedded one in `dataDir`.
 */
export async function queryServerDatabase<T>(
  where: { dbName: string | undefined; dataDir: string },
  sql: string,
): Promise<T[]> {
  const pgUrl = testPostgresUrl();
  if (pgUrl && where.dbName) {
    const client = new pg.Client({ connectionString: databaseUrl(pgUrl, where.dbName) });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }
  // The embedded database belongs to one process at a time: only read it while the server is stopped.
  const db = new PGlite(path.join(where.dataDir, 'db'), { extensions: { pg_trgm } });
  try {
    return (await db.query<T>(sql)).rows;
  } finally {
    await db.close();
  }
}

/** The same signed-in session, against a restarted server at `url`. */
export function signedIn(url: string, client: TestClient): TestClient {
  const next = new TestClient(url, client.ip);
  for (const [name, value] of client.cookies) next.cookies.set(name, value);
  return next;
}
