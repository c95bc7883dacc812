import type { Db } from './client.js';

// A read may answer nothing without asking the database (a part the viewer has no right to, say).
type Read = (tx: Db) => unknown;
/** What each read answered, in the reads' order. */
type Answers<Reads extends readonly Read[]> = { -readonly [K in keyof Reads]: Awaited<ReturnType<Reads[K]>> };

/**
 * Reads that must agree with each other, such as a page of a list and the count of its filter, in
 * one snapshot of the database. Sent side by side on PostgreSQL they went out on two connections of
 * the pool, and a change committed between the two gave a page and a total that disagreed (a list
 * of codes answering "2 void" with no code on the page). Read-only, so it never holds a write lock;
 * on the embedded database the transaction also keeps other statements from running between them.
 *
 * The reads run one after another: a transaction is one connection, which runs one statement at a
 * time whatever the caller does, and node-postgres deprecates being handed a statement while one
 * runs (it warned in the scale bench; pg@9 removes the queue that accepted them).
 */
export async function inOneSnapshot<const Reads extends readonly Read[]>(
  db: Db,
  reads: Reads,
): Promise<Answers<Reads>> {
  return db.transaction(
    async (tx) => {
      const results: unknown[] = [];
      for (const read of reads) results.push(await read(tx));
      return results as Answers<Reads>;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * A page of a list and how many rows its filter matches, from one snapshot: every paged list reads
 * them so, and each repository keeps only its two queries. `total` selects one row `{ n }`.
 */
export async function pageAndTotal<Row>(
  db: Db,
  page: (tx: Db) => PromiseLike<Row[]>,
  total: (tx: Db) => PromiseLike<{ n: number }[]>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, [counted]] = await inOneSnapshot(db, [page, total]);
  return { rows, total: counted?.n ?? 0 };
}
