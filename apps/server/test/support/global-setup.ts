import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { adminQuery, databaseUrl, testPostgresUrl, uniqueName } from './test-database.js';

export const repoTestData = path.resolve(import.meta.dirname, '../../../../.test-data');

declare module 'vitest' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    templateDatabase: string;
    templateDataDir: string;
  }
}

/**
 * Builds one migrated template database per run; every test file then copies it (PostgreSQL:
 * CREATE DATABASE ... TEMPLATE; PGlite: a copy of the data folder), which is far faster than
 * creating and migrating a database per file.
 */
export default async function setup(project: TestProject) {
  const pgUrl = testPostgresUrl();
  if (pgUrl) {
    const name = uniqueName('ld_tmpl');
    await adminQuery(pgUrl, `CREATE DATABASE ${name}`);
    const db = await openDatabase({ kind: 'postgres', url: databaseUrl(pgUrl, name) });
    await db.close();
    project.provide('templateDatabase', name);
    project.provide('templateDataDir', '');
    return async () => {
      await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name}`);
    };
  }
  const dir = path.join(repoTestData, uniqueName('template'));
  await mkdir(dir, { recursive: true });
  const db = await openDatabase({ kind: 'embedded', dataDir: path.join(dir, 'db') });
  await db.close();
  project.provide('templateDatabase', '');
  project.provide('templateDataDir', dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
