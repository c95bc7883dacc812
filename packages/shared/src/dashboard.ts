import { z } from 'zod';
import { text } from './schema-blocks.js';

/** Dashboard home: figures and chart series for the signed-in account, or for one owner. */
export const dashboardQuerySchema = z.object({
  /** Admins only: limit line and credit figures to one owner's account. */
  owner_id: text().max(64).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const dayCount = z.object({ date: text(), count: z.number().int() });

export const dashboardSchema = z.object({
  /** The day the figures were computed for (YYYY-MM-DD, UTC). */
  today: text(),
  scope: z.enum(['panel', 'owner']),
  lines: z.object({
    total: z.number().int(),
    active: z.number().int(),
    expiring_7d: z.number().int(),
    expired: z.number().int(),
    trial: z.number().int(),
    suspended: z.number().int(),
  }),
  credits: z.object({
    /** The account's own balance (admins: shown as 1000 in the chip; here the stored value). */
    balance: z.number().int(),
    /** Credits spent on lines this calendar month (UTC) within the scope. */
    spent_this_month: z.number().int(),
  }),
  tickets: z.object({ open: z.number().int() }),
  messages: z.object({ unread: z.number().int() }),
  /** Admins only. */
  servers: z.object({ up: z.number().int(), down: z.number().int() }).nullable(),
  charts: z.object({
    /** One entry per day of the last 30 days, oldest first. */
    activity: z.array(z.object({ date: text(), created: z.number().int(), renewed: z.number().int() })),
    credits_spent: z.array(z.object({ date: text(), credits: z.number().int() })),
    lines_by_server: z.array(
      z.object({
        server_id: z.number().int().nullable(),
        server_name: text().nullable(),
        count: z.number().int(),
      }),
    ),
    /** One entry per day from today to 30 days ahead (31 entries, today first). */
    expiries: z.array(dayCount),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
