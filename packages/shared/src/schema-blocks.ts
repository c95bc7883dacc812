import { z } from 'zod';

/**
 * Building blocks every request schema is made of, so input the database cannot hold is refused by
 * validation with an error code instead of failing inside a query.
 */

/** Ids and other integer columns are PostgreSQL int4. */
export const INT4_MAX = 2_147_483_647;

/** A row id in a body: a positive int4. */
export const idSchema = z.number().int().positive().max(INT4_MAX);

/** A row id in a path or query string (text there, hence coerced): a positive int4. */
export const idQuerySchema = z.coerce.number().int().positive().max(INT4_MAX);

/** `:id` of the routes whose rows have integer ids. */
export const idParamsSchema = z.object({ id: idQuerySchema });

/** An integer stored in an int4 column that may be zero or negative (a sort order). */
export const int4Schema = z
  .number()
  .int()
  .min(-INT4_MAX - 1)
  .max(INT4_MAX);

/** PostgreSQL text (and jsonb) cannot hold NUL, U+0000. */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * Text without NUL, refused as TEXT_INVALID_CHARACTER. The server refuses NUL in every string of every
 * request besides (`platform/nul-guard.ts`); this gives forms the same refusal before they send.
 */
export function text() {
  return z.string().refine((value) => !hasNul(value), { error: 'TEXT_INVALID_CHARACTER' });
}

/** A PATCH body must change something: `{}` is refused as NOTHING_TO_UPDATE. */
export function nonEmptyPatch<T extends z.ZodObject>(schema: T) {
  return schema.refine(
    (body) => Object.values(body as Record<string, unknown>).some((value) => value !== undefined),
    { error: 'NOTHING_TO_UPDATE' },
  );
}

/** A real calendar day: `2026-13-45` has the shape but no date, and must not reach a query. */
function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A whole day (YYYY-MM-DD, UTC) in a filter. */
export const isoDaySchema = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'INVALID_INPUT' })
  .refine(isCalendarDay, { error: 'INVALID_INPUT' });
