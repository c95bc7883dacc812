import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { copyFolder } from './copy-folder.js';
import { adminQuery, databaseUrl, testPostgresUrl, uniqueName } from './test-database.js';

/** A fresh copy of the migrated template database that a test keeps across restarts of its server. */
export type DatabaseCopy = {
  /** The embedded database's folder (also the data folder on PostgreSQL). */
  dataDir: string;
  /** The PostgreSQL database, when the run is on PostgreSQL. */
  dbName: string | undefined;
  /** What a server needs to open it: `DATABASE_URL` on PostgreSQL, nothing more when embedded. */
  env: Record<string, string>;
  drop: () => Promise<void>;
};

/**
 * Copies the template (a PostgreSQL database, or the embedded data folder) under `prefix`, for tests
 * that stop and start their server over the same database (kill -9, restarts).
 */
export async function copyTemplateDatabase(prefix: string): Promise<DatabaseCopy> {
  const pgUrl = testPostgresUrl();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  let dbName: string | undefined;
  if (pgUrl) {
    dbName = uniqueName(prefix);
    await adminQuery(pgUrl, `CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDatabase')}`);
  } else {
    await copyFolder(inject('templateDataDir'), dataDir);
  }
  return {
    dataDir,
    dbName,
    env: pgUrl && dbName ? { DATABASE_URL: databaseUrl(pgUrl, dbName) } : {},
    drop: async () => {
      if (pgUrl && dbName) await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
