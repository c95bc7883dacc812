import type { Db } from './client.js';

/**
 * Reads that must agree with each other, such as a page of a list and the count of its filter, in
 * one snapshot of the database. Sent side by side on PostgreSQL they went out on two connections of
 * the pool, and a change committed between the two gave a page and a total that disagreed (a list
 * of codes answering "2 void" with no code on the page). Read-only, so it never holds a write lock;
 * on the embedded database the transaction also keeps other statements from running between them.
 */
export function inOneSnapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
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
  const [rows, [counted]] = await inOneSnapshot(db, (tx) => Promise.all([page(tx), total(tx)]));
  return { rows, total: counted?.n ?? 0 };
}
