import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DATABASE_POOL_DEFAULTS, type AppConfig } from '../platform/config.js';
import { migrationsFolder } from '../platform/paths.js';
import { dumpPglite, removeUnfinishedDumps } from './embedded-dump.js';
import { schema } from './schema.js';

/**
 * What a raw statement (`db.execute`) answers on both drivers: node-postgres' QueryResult and PGlite's
 * Results each carry the statement's `rows`. Drizzle leaves the answer of a database typed for either
 * driver `unknown`; typed here once, `(await db.execute<Row>(query)).rows` needs no cast.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- a higher-kinded type needs `this`
interface RowsResult extends PgQueryResultHKT {
  readonly type: StatementRows<this['row']>;
}
type StatementRows<Row> = { rows: Row[] };

/** The database, or a transaction on it: Drizzle's transaction is a database of the same kind. */
export type Db = PgDatabase<RowsResult, typeof schema>;
export type DbKind = 'embedded' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  /** Opens a dedicated connection for LISTEN (PostgreSQL only). */
  listenClient?: () => Promise<pg.Client>;
  /** Writes the embedded database's data folder to a file as a gzipped tar (embedded only; for backups). */
  /** `signal`: the app stopping, which abandons the dump (its copies are removed). */
  dumpEmbedded?: (file: string, signal?: AbortSignal) => Promise<void>;
  /** Each connection pool's connections now (PostgreSQL only; the embedded database has one). */
  poolStats?: () => PoolStats[];
  close: () => Promise<void>;
};

export type PoolStats = { pool: string; total: number; idle: number; waiting: number };

/** Reports each statement's time in seconds and whether it failed (platform/metrics.ts). */
export type QueryObserver = (seconds: number, failed: boolean) => void;

export type OpenOptions = { onQuery?: QueryObserver };

export { migrationsFolder };

/** Each embedded database's PGlite, for what Drizzle does not offer on it (db/json-rows.ts). */
const embeddedClients = new WeakMap<Db, PGlite>();

/** The PGlite behind an embedded database (not behind a transaction on it); undefined on PostgreSQL. */
export function embeddedClientOf(db: Db): PGlite | undefined {
  return embeddedClients.get(db);
}

/** Each PostgreSQL database's connections that keep every statement's plan (see `keptPlansDbOf`). */
const keptPlansDbs = new WeakMap<Db, Db>();

/**
 * The same PostgreSQL database on connections of their own where PostgreSQL keeps the first plan of
 * every prepared statement (`plan_cache_mode = force_generic_plan`), for statements written so that
 * one plan serves every value (db/json-rows.ts): on the panel's own connections PostgreSQL decides
 * per statement by its estimates, and keeps planning some of those at every run. Undefined on the
 * embedded database, which has one connection (json-rows.ts keeps plans there per run).
 */
export function keptPlansDbOf(db: Db): Db | undefined {
  return keptPlansDbs.get(db);
}

/** A fixed key so that several app instances starting at once migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_240_118;

export async function openDatabase(
  config: AppConfig['database'],
  options: OpenOptions = {},
): Promise<Database> {
  if (config.kind === 'postgres')
    return openPostgres(config.url, config.pool ?? DATABASE_POOL_DEFAULTS, options.onQuery);
  return openEmbedded(config.dataDir, options.onQuery);
}

type QueryCallback = (error: Error | null, result: unknown) => void;

/**
 * Times `query` as it answers, whichever way it is called: with a callback (pg's pool calls it so),
 * or for a promise. A submittable (a cursor, COPY) is passed on untimed.
 */
function timedQuery<F extends (...args: never[]) => unknown>(query: F, observe: QueryObserver): F {
  return function (this: unknown, ...args: unknown[]) {
    const first = args[0] as { submit?: unknown } | undefined;
    if (first && typeof first.submit === 'function') return query.apply(this, args as never);
    const started = performance.now();
    const done = (failed: boolean) => observe((performance.now() - started) / 1000, failed);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as QueryCallback;
      args[last] = ((error, result) => {
        done(Boolean(error));
        callback(error, result);
      }) satisfies QueryCallback;
      return query.apply(this, args as never);
    }
    const result = query.apply(this, args as never);
    if (result instanceof Promise)
      result.then(
        () => done(false),
        () => done(true),
      );
    return result;
  } as unknown as F;
}

/** pg's client with every statement timed: the pool makes its connections from it. */
function timedClientClass(observe: QueryObserver): typeof pg.Client {
  class TimedClient extends pg.Client {}
  TimedClient.prototype.query = timedQuery(pg.Client.prototype.query, observe);
  return TimedClient;
}

/** `run`, then one turn of the event loop before its answer is handed on. */
function yieldingAfter<F extends (...args: never[]) => Promise<unknown>>(run: F): F {
  return (async (...args: Parameters<F>) => {
    try {
      return await run(...args);
    } finally {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }) as F;
}

// The embedded database's modules are loaded only when it is used: a panel on PostgreSQL does not
// carry PGlite in memory.
const loadPglite = () => import('@electric-sql/pglite');

async function openEmbedded(dataDir: string, onQuery?: QueryObserver): Promise<Database> {
  if (!dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true });
    await removeUnfinishedDumps(dataDir);
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      loadPglite(),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  const client = new PGlite(dataDir, {
    // pg_trgm: the lines search's trigram index (migration 0012 creates the extension).
    extensions: { pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers lives in the WebAssembly memory, resident for
    // good once touched; 64 MB still holds the hot part of 100,000 lines and their indexes (the
    // rest comes from the operating system's file cache) and keeps the process near 300 MB.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'],
  });
  await client.waitReady;
  const embedded = drizzlePglite(client, { schema });
  await migratePglite(embedded, { migrationsFolder });
  const db: Db = embedded;
  // Statements outside a transaction: PGlite runs a transaction's own on a handle it does not expose.
  if (onQuery) {
    client.query = timedQuery(client.query.bind(client), onQuery);
    client.exec = timedQuery(client.exec.bind(client), onQuery);
  }
  // PGlite answers a statement without ever giving the event loop a turn (its WebAssembly runs on
  // this thread and its promises resolve as microtasks): a job or poll that awaits statement after
  // statement held every request, timer and socket until its last one. A turn after each statement
  // and each transaction lets them in between.
  client.query = yieldingAfter(client.query.bind(client));
  client.exec = yieldingAfter(client.exec.bind(client));
  client.transaction = yieldingAfter(client.transaction.bind(client));
  embeddedClients.set(db, client);
  return {
    db,
    kind: 'embedded',
    dumpEmbedded: (file, signal) => dumpPglite(client, dataDir, file, signal),
    close: () => client.close(),
  };
}

/**
 * Opens an embedded database as it is, without migrating it (for `npm run backup` while no server
 * runs: a backup must not change what it copies).
 */
export async function openEmbeddedAsIs(dataDir: string) {
  const { PGlite } = await loadPglite();
  const client = new PGlite(dataDir);
  await client.waitReady;
  const migrations = await client.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return {
    migrations: migrations.rows[0]?.n ?? 0,
    dump: (file: string) => dumpPglite(client, dataDir, file),
    close: () => client.close(),
  };
}

/** Creates an embedded data folder from a dump made by `dumpEmbedded` (the folder must not exist). */
export async function loadEmbeddedDump(dataDir: string, dump: Buffer): Promise<void> {
  const { PGlite } = await loadPglite();
  const client = new PGlite(dataDir, { loadDataDir: new Blob([new Uint8Array(dump)]) });
  await client.waitReady;
  await client.query('select 1');
  await client.close();
}

/**
 * The connection URL with a server setting added to its `options` (given as a connection option, the
 * URL's own `options` would replace it).
 */
function withStartupOption(url: string, option: string): string {
  const parsed = new URL(url);
  const own = parsed.searchParams.get('options');
  parsed.searchParams.set('options', own ? `${own} ${option}` : option);
  return parsed.toString();
}

function statsOf(name: string, pool: pg.Pool): PoolStats {
  return { pool: name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

async function openPostgres(
  url: string,
  poolSettings: { size: number; waitMs: number },
  onQuery?: QueryObserver,
): Promise<Database> {
  const Client = onQuery ? timedClientClass(onQuery) : pg.Client;
  // A database that does not answer a connection attempt, or a pool whose connections all stay busy,
  // fails the request (503 DATABASE_DOWN / DATABASE_BUSY) instead of holding it.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSettings.size,
    connectionTimeoutMillis: poolSettings.waitMs,
    Client,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(lockClient), { migrationsFolder });
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    lockClient.release();
  }
  const db: Db = drizzleNodePg(pool, { schema });
  // Opened only when a statement runs on them, and let go when idle like the pool's others.
  const keptPlansPool = new pg.Pool({
    connectionString: withStartupOption(url, '-c plan_cache_mode=force_generic_plan'),
    max: 5,
    connectionTimeoutMillis: poolSettings.waitMs,
    Client,
  });
  keptPlansPool.on('error', () => undefined);
  keptPlansDbs.set(db, drizzleNodePg(keptPlansPool, { schema }));
  return {
    db,
    kind: 'postgres',
    listenClient: async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      await client.connect();
      return client;
    },
    poolStats: () => [statsOf('main', pool), statsOf('kept_plans', keptPlansPool)],
    close: async () => {
      await Promise.all([pool.end(), keptPlansPool.end()]);
    },
  };
}

export async function pingDatabase(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}

/** The migrations this build ships with (drizzle-kit's journal), newest last. */
export async function shippedMigrations(): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

/** Newest applied migration, for status pages. */
export async function appliedMigrations(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return rows[0]?.n ?? 0;
}
