import { fillPlaceholders, is, sql, SQL, type DriverValueDecoder, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PgJson, PgJsonb } from 'drizzle-orm/pg-core';
import { embeddedClientOf, keptPlansDbOf, type Db } from './client.js';
import { prepareOnPglite, type NamedStatement } from './pglite-named-statement.js';

type Field = PgColumn | SQL.Aliased;

/**
 * The query's rows as JSON texts (`select row_to_json(q)::text from (<query>) q`), unrun: it can be
 * prepared, and `decodeJsonRows` turns them into the same objects Drizzle would give. Wide pages (the
 * line list reads 33 columns) are cheaper this way: the embedded database hands every field through
 * its wire protocol and its JavaScript parser (about 2.5 µs a field, three quarters of a page's
 * database time), while one JSON text a row costs one field and a native JSON.parse. PostgreSQL keeps
 * the order of the ordered subquery in the plain projection around it, so the rows come back in the
 * query's order.
 *
 * The fields' names in the result (a column's name, or an alias) must differ from each other.
 */
function asJsonRows(db: Db, query: SQLWrapper) {
  return db.select({ j: sql<string>`row_to_json(q)::text` }).from(sql`(${query}) q`);
}

export type PreparedJsonRows = {
  /** Runs it with these values for its placeholders. */
  execute: (values: Record<string, unknown>) => Promise<{ j: string }[]>;
  /** Lets the statement go (the database forgets it on the embedded one). */
  close: () => void;
};

/**
 * `asJsonRows` prepared under `name`: parsed once and run again by name, on PostgreSQL (a named
 * statement per connection, as Drizzle prepares it) and on the embedded database alike (which
 * Drizzle's prepared statements do not do on PGlite: see db/pglite-named-statement.ts).
 *
 * `keepPlan`: the statement is written so that one plan serves every value of its placeholders, and
 * PostgreSQL keeps the first plan it makes rather than planning each run with its values (which it
 * does when its estimates rate the kept plan dearer, even though it is the same plan): on PostgreSQL
 * it runs on connections that keep every plan (`keptPlansDbOf`), on the embedded database each run
 * says so for its own transaction.
 */
export function prepareJsonRows(db: Db, query: SQLWrapper, name: string, keepPlan = false): PreparedJsonRows {
  const client = embeddedClientOf(db);
  if (!client) {
    const prepared = asJsonRows((keepPlan && keptPlansDbOf(db)) || db, query).prepare(name);
    return { execute: (values) => prepared.execute(values), close: () => undefined };
  }
  const { sql: text, params } = asJsonRows(db, query).toSQL();
  let statement: Promise<NamedStatement> | undefined;
  return {
    execute: async (values) => {
      statement ??= prepareOnPglite(client, name, text, keepPlan).catch((error: unknown) => {
        statement = undefined;
        throw error;
      });
      const found = await (await statement).run(fillPlaceholders(params, values));
      return found.map(([j]) => ({ j: j! }));
    },
    close: () => {
      void statement?.then((named) => named.close()).catch(() => undefined);
    },
  };
}

/** Rows read by `asJsonRows` decoded into the objects Drizzle would give for `fields`. */
export function decodeJsonRows<T>(rows: { j: string }[], fields: Record<string, Field>): T[] {
  const decoders = decodersOf(fields);
  return rows.map(({ j }) => {
    const json = JSON.parse(j) as Record<string, unknown>;
    const row: Record<string, unknown> = {};
    for (const [key, name, decode] of decoders) {
      const value = json[name];
      row[key] = value === null || value === undefined ? null : decode(value);
    }
    return row as T;
  });
}

type Decoder = [key: string, name: string, decode: (value: unknown) => unknown];

const cache = new WeakMap<Record<string, Field>, Decoder[]>();

function decodersOf(fields: Record<string, Field>): Decoder[] {
  const known = cache.get(fields);
  if (known) return known;
  const decoders = Object.entries(fields).map(([key, field]): Decoder => {
    if (is(field, SQL.Aliased)) {
      // Drizzle keeps an SQL expression's `mapWith` decoder on it without typing it publicly.
      const { decoder } = field.sql as unknown as { decoder: DriverValueDecoder<unknown, unknown> };
      return [key, field.fieldAlias, (value) => decoder.mapFromDriverValue(value)];
    }
    // JSON columns arrive decoded already; a JSON string in them must stay a string.
    if (is(field, PgJsonb) || is(field, PgJson)) return [key, field.name, (value) => value];
    return [key, field.name, (value) => field.mapFromDriverValue(value)];
  });
  const names = new Set(decoders.map(([, name]) => name));
  if (names.size !== decoders.length) throw new Error('decodeJsonRows: two fields have the same name');
  cache.set(fields, decoders);
  return decoders;
}
