import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** A raw statement's rows, read one way: the driver hands them as the database named them, unmapped. */
export async function rawRows<T extends Record<string, unknown> = Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  return (await db.execute<T>(query)).rows;
}

/** A raw row's count or sum as a number: the driver may hand it as a string (bigint, numeric), or null. */
export const rawNumber = (value: unknown): number => Number(value ?? 0);
