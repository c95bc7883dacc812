import { z } from 'zod';
import { text } from './schema-blocks.js';

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  search: text().trim().max(200).optional(),
  sort: text().max(50).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
export type ListResponse<T> = { items: T[]; total: number; page: number; page_size: number };

/**
 * A list whose total is counted only up to a cap, so a page never counts every row: past the cap,
 * `total` is the cap and `total_is_lower_bound` is true ("10,000+"); paging goes on while pages are full.
 */
export function cappedListResponseSchema<T extends z.ZodType>(item: T) {
  return listResponseSchema(item).extend({ total_is_lower_bound: z.boolean() });
}
export type CappedListResponse<T> = ListResponse<T> & { total_is_lower_bound: boolean };
