import { addDays, type ChangeEvent, type Dashboard, type DashboardQuery } from '@linedesk/shared';
import { today as businessToday } from '../lines/line-scope.js';
import type { AppContext } from '../../app-context.js';
import { inOneSnapshot } from '../../db/one-snapshot.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { toLineCounts } from './dashboard-mapper.js';
import { dashboardRepository as repo } from './dashboard.repository.js';
import { scopeCachePerContext, type StaleScopes } from './scope-cache.js';

const CHART_DAYS = 30;

function days(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

type ScopeFigures = Pick<Dashboard, 'lines' | 'charts'> & { spentThisMonth: number };

const PANEL = '*';

/**
 * What a change makes stale: a line or ledger change, the whole panel and its owner's (or account's)
 * view; a server change (names, deletion) or a deleted account, everything. Balances, tickets and
 * messages are read fresh on every request, so their changes matter to no cached figure.
 */
function staleScopes(event: ChangeEvent): StaleScopes {
  switch (event.table) {
    case 'users':
    case 'credit_ledger':
      // A delivery to the card-sharing server moves no figure: the line itself is unchanged.
      if (event.syncOnly) return null;
      return event.audience === 'all' ? 'all' : [PANEL, ...event.audience];
    case 'cccam_servers':
      return 'all';
    case 'auth_users':
      return event.action === 'delete' ? 'all' : null;
    default:
      return null;
  }
}

const scopeCache = scopeCachePerContext<ScopeFigures>(staleScopes);

/** How often an instance folds the counters' difference rows (see dashboard.schema.ts). */
const COMPACT_EVERY_MS = 60_000;
const lastCompacted = new WeakMap<AppContext, number>();

/** At most once a minute per instance, after a computation and off its path: a failure only waits for the next. */
function compactNowAndThen(ctx: AppContext, today: string): void {
  const now = Date.now();
  if (now - (lastCompacted.get(ctx) ?? 0) < COMPACT_EVERY_MS) return;
  lastCompacted.set(ctx, now);
  repo
    .compact(ctx.db, today)
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'Dashboard counters not compacted'));
}

/** The heavy part, shared by everyone looking at the same scope on the same day. */
async function computeScopeFigures(
  ctx: AppContext,
  ownerId: string | null,
  today: string,
): Promise<ScopeFigures> {
  const db = ctx.db;
  const since = addDays(today, -(CHART_DAYS - 1));
  // Inclusive of day 30, so a one-month line sold today shows up among the coming expiries.
  const until = addDays(today, CHART_DAYS);
  const monthStart = `${today.slice(0, 8)}01`;
  const spentFrom = monthStart < since ? monthStart : since;

  // One snapshot: the line counts, the lines per server and the day's sales agree with each other
  // even while lines are being sold (the figures are cached, so this runs once per change).
  const [lines, byServer, { created, renewed, spent }, expiries] = await inOneSnapshot(db, [
    (tx) => repo.lineCounts(tx, ownerId, today).then(toLineCounts),
    (tx) => repo.linesByServer(tx, ownerId),
    (tx) => repo.perDay(tx, ownerId, spentFrom),
    (tx) => repo.expiriesPerDay(tx, ownerId, today, until),
  ]);
  compactNowAndThen(ctx, today);
  const pastDays = days(since, CHART_DAYS);
  return {
    lines,
    spentThisMonth: [...spent].reduce((sum, [day, credits]) => (day >= monthStart ? sum + credits : sum), 0),
    charts: {
      activity: pastDays.map((date) => ({
        date,
        created: created.get(date) ?? 0,
        renewed: renewed.get(date) ?? 0,
      })),
      credits_spent: pastDays.map((date) => ({ date, credits: spent.get(date) ?? 0 })),
      lines_by_server: byServer.map((server) => ({
        server_id: server.serverId,
        server_name: server.serverName,
        count: server.total,
      })),
      expiries: days(today, CHART_DAYS + 1).map((date) => ({ date, count: expiries.get(date) ?? 0 })),
    },
  };
}

/**
 * Admins see the whole panel, or one owner's lines and spending with `owner_id`; everyone else sees
 * their own lines and spending only (a plain user simply has none). The scope's figures are cached
 * until the next change to lines or credits (see scope-cache.ts); the account's own figures (balance,
 * tickets, messages, servers) are cheap and always read fresh.
 */
export async function getDashboard(
  ctx: AppContext,
  me: Actor,
  query: DashboardQuery,
  now = new Date(),
): Promise<Dashboard> {
  let ownerId: string | null = me.isAdmin ? null : me.id;
  if (query.owner_id && me.isAdmin) {
    if (!(await accountsRepository.findById(ctx.db, query.owner_id))) throw new AppError('USER_NOT_FOUND');
    ownerId = query.owner_id;
  }
  const today = businessToday(now);
  const db = ctx.db;

  const [scope, openTickets, unread, servers, balance] = await Promise.all([
    scopeCache(ctx).get(ownerId ?? PANEL, today, () => computeScopeFigures(ctx, ownerId, today)),
    repo.openTickets(db, me.isAdmin ? null : me.id),
    repo.unreadMessages(db, me.id),
    me.isAdmin ? repo.serverCounts(db) : Promise.resolve(null),
    repo.balance(db, me.id),
  ]);

  return {
    today,
    scope: ownerId === null ? 'panel' : 'owner',
    lines: scope.lines,
    credits: { balance, spent_this_month: scope.spentThisMonth },
    tickets: { open: openTickets },
    messages: { unread },
    servers,
    charts: scope.charts,
  };
}
