import { z } from 'zod';
import { lineSchema } from './line.js';
import { freezeRequestSchema } from './portal.js';
import { text } from './schema-blocks.js';
import { serverSchema } from './server.js';
import { topUpRequestSchema } from './topup.js';

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
    /** LINE_EXPIRING_SOON_DAYS's rule: as many lines as the lines list's "expiring" filter shows. */
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

/**
 * How many entries each to-do list carries: the dashboard shows a short list and links to the rest.
 * Three, so that a full list still leaves the figures and the first charts in a desktop's first
 * screen (1440×900) and the phone's dashboard within two screens.
 */
export const DASHBOARD_TODO_SIZE = 3;

/** Up to DASHBOARD_TODO_SIZE lines of a quick filter and how many it selects (capped like the lines list). */
const todoLines = z.object({
  items: z.array(lineSchema),
  total: z.number().int(),
  total_is_lower_bound: z.boolean(),
});

/** What an admin needs to know of a server that is down: enough to name it and open its page. */
export const dashboardTodoServerSchema = serverSchema.pick({
  id: true,
  server_name: true,
  host_ip: true,
  status: true,
  last_error: true,
});

/**
 * The dashboard's to-do lists: the caller's lines (all lines for admins) expiring within
 * LINE_EXPIRING_SOON_DAYS (soonest first), failing to sync and found shared now, each as the lines
 * list's quick filter selects them; for admins the servers down and the pending top-ups; and the
 * customers' open asks to renew.
 */
export const dashboardTodoSchema = z.object({
  expiring: todoLines,
  failing_sync: todoLines,
  sharing: todoLines,
  /** Lines likely not to renew (the churn radar), soonest expiry first. */
  churn_risk: todoLines,
  /** Admins only. */
  servers_down: z.object({ items: z.array(dashboardTodoServerSchema), total: z.number().int() }).nullable(),
  /** Admins only, newest first. */
  pending_topups: z.object({ items: z.array(topUpRequestSchema), total: z.number().int() }).nullable(),
  /**
   * Customers' asks (from the portal) to renew their line, newest first: open until the line is
   * renewed (from anywhere) or the ask is dismissed. A reseller's own lines, every line for admins.
   */
  renewal_requests: z.object({
    items: z.array(z.object({ line: lineSchema, requested_at: text() })),
    total: z.number().int(),
  }),
  /**
   * Customers' asks (from the portal) for a freeze, newest first, each answered with one click
   * (approve: the line is frozen; refuse). A reseller's own lines, every line for admins.
   */
  freeze_requests: z
    .object({
      items: z.array(z.object({ line: lineSchema, request: freezeRequestSchema })),
      total: z.number().int(),
    })
    .optional(),
  /**
   * The lines the admin's "Lines that ended" setting will archive or delete within
   * ENDED_LINE_WARNING_DAYS (those already due included), oldest expiry first, as the lines list's
   * `expired_for_days` filter selects them; null while the setting is off.
   */
  ending: todoLines
    .extend({
      action: z.enum(['archive', 'delete']),
      within_days: z.number().int(),
      /** The lines list's filter that shows them all. */
      expired_for_days: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type DashboardTodo = z.infer<typeof dashboardTodoSchema>;
