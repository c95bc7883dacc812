import { timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at as most tables carry them. Not a table, so kept out of the schema barrel. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
