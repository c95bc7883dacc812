import type { PGlite } from '@electric-sql/pglite';

/**
 * Sets the plan cache mode until the end of the transaction: the messages of one run, up to their
 * Sync, are one transaction.
 */
const KEEP_PLAN = "select set_config('plan_cache_mode', 'force_generic_plan', true)";

/** A statement the embedded database has parsed once under a name. */
export type NamedStatement = {
  /** Binds the values and runs it: each row's fields as the database's text. */
  run: (params: unknown[]) => Promise<(string | null)[][]>;
  /** Drops it from the database. */
  close: () => Promise<void>;
};

/**
 * Parses `text` once under `name` in the embedded database and runs it again by that name. PGlite's
 * own `query` (and Drizzle's prepared statements on it, which only keep the text) sends every
 * statement as a new unnamed one: PostgreSQL parses and analyzes it again, and PGlite makes five calls
 * into the database for it. A named statement is bound and run in one call and keeps its parsed form
 * (and, when PostgreSQL finds a generic plan as good, its plan): a page of the lines list took about a
 * third less of the database's time this way.
 *
 * Values are turned into text by PGlite's own serializers for the parameter types PostgreSQL reported.
 * Like `query`, a run waits for any open transaction and holds the database while it runs (both of
 * PGlite's locks).
 *
 * `keepPlan`: each run first sets `plan_cache_mode = force_generic_plan` for its own transaction (which
 * ends with the run, even when it fails), so PostgreSQL keeps the statement's first plan.
 */
export async function prepareOnPglite(
  client: PGlite,
  name: string,
  text: string,
  keepPlan = false,
): Promise<NamedStatement> {
  // Loaded here, not at the top: a panel on PostgreSQL never loads PGlite.
  const { serialize } = (await import('@electric-sql/pglite')).protocol;
  // Both of PGlite's locks, as its own `query` takes them: with the statement lock alone, a run could
  // come between two statements of another caller's open transaction and run inside it (seeing what
  // that transaction had not committed; and a `SET TRANSACTION` sent after it failed and aborted the
  // transaction).
  const send = (parts: Uint8Array[]) =>
    client._runExclusiveTransaction(() =>
      client.runExclusive(() => client.execProtocol(Buffer.concat([...parts, serialize.sync()]))),
    );
  const keep = `${name}_keep_plan`;
  const described = await send([
    ...(keepPlan ? [serialize.parse({ name: keep, text: KEEP_PLAN, types: [] })] : []),
    serialize.parse({ name, text, types: [] }),
    serialize.describe({ type: 'S', name }),
  ]);
  const description = described.messages.find((message) => message.name === 'parameterDescription') as
    { dataTypeIDs: number[] } | undefined;
  const types = description?.dataTypeIDs ?? [];
  return {
    run: async (params) => {
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await send([
        ...(keepPlan ? [serialize.bind({ statement: keep }), serialize.execute({})] : []),
        serialize.bind({ statement: name, values }),
        serialize.execute({}),
      ]);
      // The statement's rows follow the setting's own row and its completion.
      const from = keepPlan ? messages.findIndex((message) => message.name === 'commandComplete') + 1 : 0;
      return messages
        .slice(from)
        .filter((message) => message.name === 'dataRow')
        .map((message) => (message as unknown as { fields: (string | null)[] }).fields);
    },
    close: async () => {
      await send([
        ...(keepPlan ? [serialize.close({ type: 'S', name: keep })] : []),
        serialize.close({ type: 'S', name }),
      ]);
    },
  };
}
