import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

type ListType = 'int' | 'text';

/** The values as rows of one JSON parameter, cast to the column's type. */
const valuesOf = (values: readonly (number | string)[], type: ListType) =>
  sql`(select v::${sql.raw(type)} as v from json_array_elements_text(${JSON.stringify(values)}::json) as v)`;

/**
 * `column in (values)` with the whole list in one parameter (a JSON array). Drizzle's `inArray` binds
 * one parameter per value, and a statement takes at most 65,535 of them: a poll of a server with
 * 50,000 connected lines passed more (and each one is parsed and planned on its own).
 */
export function inJsonList(column: SQLWrapper, values: readonly (number | string)[], type: ListType): SQL {
  return sql`${column} in (select v from ${valuesOf(values, type)} as list)`;
}

/** `column not in (values)` as `inJsonList`, as an anti-join (NOT IN over a long list rescans it per row). */
export function notInJsonList(column: SQLWrapper, values: readonly (number | string)[], type: ListType): SQL {
  return sql`not exists (select 1 from ${valuesOf(values, type)} as list where list.v = ${column})`;
}
