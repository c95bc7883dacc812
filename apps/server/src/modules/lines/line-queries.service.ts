import { createHash } from 'node:crypto';
import {
  type CappedListResponse,
  type ChangeEvent,
  type Line,
  type LineEvent,
  type LineListQuery,
  type LineQuickCounts,
  LINE_EXPIRING_SOON_DAYS,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { createChangeCache, type ChangeCache } from '../../platform/change-cache.js';
import { perContext } from '../../platform/per-context.js';
import { createScopeCache, scopeCachePerContext, type StaleScopes } from '../dashboard/scope-cache.js';
import { readEcmSettings } from '../ecm-stats/ecm-settings.js';
import { lineConnectionsRepository } from '../line-connections/line-connections.repository.js';
import { lineCsvHeader, lineCsvRow } from './line-csv.js';
import { lineHistoryRepository } from './line-history.repository.js';
import { toLine } from './line-mapper.js';
import { linePackages } from './line-packages.js';
import { findVisible, today, type LineScope } from './line-scope.js';
import { withSearchWindow } from './line-search.js';
import type { LineFilter } from './line-list-filter.js';
import type { LinePresence, ServerNameGroups } from './line-page-statement.js';
import { linesRepository } from './lines.repository.js';
import { linesListRepository } from './lines-list.repository.js';
import { cappedTotal, pageWindow } from './lines-paging.js';

/** Rows per query while streaming a CSV export. */
const EXPORT_PAGE = 1000;

/** Online, last seen and the sharing flag, read by primary key for the lines shown (never aggregated). */
function withPresence(line: Line, presence: LinePresence | undefined): Line {
  // Set on the line just mapped rather than copied: a page maps 25 lines of 38 fields per request.
  line.online = (presence?.sessions ?? 0) > 0;
  line.last_seen_at = presence?.lastSeenAt.toISOString() ?? null;
  line.sharing_detected_at = presence?.sharingDetectedAt?.toISOString() ?? null;
  return line;
}

function filterOf(scope: LineScope, query: LineListQuery): LineFilter {
  return {
    scopeOwnerId: scope.ownerId,
    scopeTreeId: scope.treeId,
    status: query.status,
    serverId: query.server_id,
    ownerId: query.owner_id,
    expiringWithinDays: query.expiring_within_days,
    syncState: query.sync_state,
    expiredForDays: query.expired_for_days,
    archived: query.archived,
    online: query.online,
    sharing: query.sharing,
    search: query.search || undefined,
    today: today(),
  };
}

/** The filter asked, with the churn radar's days when it asks for lines likely not to renew. */
async function askedFilter(ctx: AppContext, scope: LineScope, query: LineListQuery): Promise<LineFilter> {
  const filter = filterOf(scope, query);
  if (!query.churn_risk) return filter;
  const settings = await readEcmSettings(ctx.db);
  return {
    ...filter,
    churnRisk: true,
    churnIdleDays: settings.churn_idle_days,
    churnHorizonDays: settings.churn_horizon_days,
  };
}

/**
 * How long the churn radar's lines are reused. They follow the statistics' polls and the passing days
 * more than any change of a line: a line that stops matching on its own (renewed, disabled, frozen)
 * leaves at once (`churnLineSql`, checked on every read); one that starts to, within this time.
 */
const CHURN_IDS_MS = 60_000;

/** A server's lines and an account's lines can vanish from a scope: then every scope reads again. */
function staleChurnIds(event: ChangeEvent): StaleScopes {
  if (event.table === 'cccam_servers') return 'all';
  return event.table === 'auth_users' && event.action === 'delete' ? 'all' : null;
}

/**
 * The radar's lines per scope and settings: the radar reads every line of its window and probes its
 * statistics (about 0.7 s for an admin at 1,000,000 lines), so requests in the same minute, the to-do
 * list's and the list's, and concurrent ones, share one reading.
 */
const churnIdsCache = perContext((ctx) =>
  createScopeCache<number[]>(ctx.bus, { ttlMs: CHURN_IDS_MS, staleScopes: staleChurnIds }),
);

/** A short name for a set of line ids, to key what was counted over them. */
function digestOf(ids: readonly number[]): string {
  return createHash('sha1').update(ids.join(',')).digest('base64url');
}

/** The filter with the churn radar's lines read (or reused), when it asks for them. */
async function withChurnIds(ctx: AppContext, filter: LineFilter): Promise<LineFilter> {
  if (!filter.churnRisk) return filter;
  const scope = `${filter.scopeOwnerId ?? EVERY_OWNER}|${filter.scopeTreeId ?? ''}`;
  const key = JSON.stringify([
    filter.ownerId ?? '',
    filter.today,
    filter.churnIdleDays,
    filter.churnHorizonDays,
  ]);
  const ids = await churnIdsCache(ctx).get(scope, key, () =>
    linesListRepository.churnRiskIds(ctx.db, filter),
  );
  return { ...filter, churnIds: ids };
}

/**
 * The list's filter as asked (what its totals are keyed by), and as read: with the radar's lines and
 * the search's window found. The list and its CSV export read the same lines.
 */
async function listFilter(
  ctx: AppContext,
  scope: LineScope,
  query: LineListQuery,
): Promise<{ asked: LineFilter; filter: LineFilter }> {
  const asked = await askedFilter(ctx, scope, query);
  return { asked, filter: await withSearchWindow(ctx, await withChurnIds(ctx, asked)) };
}

const EVERY_OWNER = '*';
/** Totals filtered on the sync state live in their own scope: only they go stale with each delivery. */
const SYNC = '|sync';
/** Totals filtered on presence (online, sharing) too: only they go stale with each presence poll. */
const PRESENCE = '|presence';

/** A scope's owners and each of their totals' scopes that holds `suffix` (the sync's, the presence's). */
function totalScopes(owners: readonly string[], suffix: string): string[] {
  const variants = ['', SYNC, PRESENCE, SYNC + PRESENCE].filter((variant) => variant.includes(suffix));
  return owners.flatMap((owner) => variants.map((variant) => owner + variant));
}

/**
 * Which cached list totals a change makes stale: a line's, the panel's and its owner's (a delivery,
 * which moves only the sync state, only their totals filtered on it; a presence poll only those
 * filtered on presence); a server or an account deleted (their lines' server or owner become none),
 * all of them.
 */
function staleTotals(event: ChangeEvent): StaleScopes {
  switch (event.table) {
    case 'users': {
      if (event.audience === 'all') return 'all';
      return totalScopes([EVERY_OWNER, ...event.audience], event.syncOnly ? SYNC : '');
    }
    case 'line_connections':
      if (event.audience === 'all') return 'all';
      return totalScopes([EVERY_OWNER, ...event.audience], PRESENCE);
    case 'cccam_servers':
      return 'all';
    case 'auth_users':
      return event.action === 'delete' ? 'all' : null;
    default:
      return null;
  }
}

const totalCache = scopeCachePerContext<number>(staleTotals);

/**
 * Which cached quick counts a change makes stale: a line's or a presence poll's, its owner's and the
 * panel's; otherwise what makes the totals stale.
 */
function staleQuickCounts(event: ChangeEvent): StaleScopes {
  if (event.table !== 'users' && event.table !== 'line_connections') return staleTotals(event);
  // A delivery moves the failing-sync count, so every change of a line counts here.
  return event.audience === 'all' ? 'all' : [EVERY_OWNER, ...event.audience];
}

const quickCountCache = scopeCachePerContext<LineQuickCounts>(staleQuickCounts);

/**
 * The quick filters' counts over the scope's whole list, reused until a change of the scope. A staff
 * member's subtree is counted each time: the cache is kept per owner, and a change names its owner.
 */
function quickCounts(ctx: AppContext, scope: LineScope, day: string): Promise<LineQuickCounts> {
  const count = async (): Promise<LineQuickCounts> => {
    const counted = await linesListRepository.quickCounts(ctx.db, {
      scopeOwnerId: scope.ownerId,
      scopeTreeId: scope.treeId,
      today: day,
      expiringWithinDays: LINE_EXPIRING_SOON_DAYS,
    });
    return {
      expiring_soon: counted.expiringSoon,
      expired: counted.expired,
      online: counted.online,
      failing_sync: counted.failingSync,
      sharing: counted.sharing,
    };
  };
  return scope.treeId ? count() : quickCountCache(ctx).get(scope.ownerId ?? EVERY_OWNER, day, count);
}

/** How long the servers' names are kept at most without a change event (a change drops them at once). */
const SERVER_NAMES_CACHE_MS = 60_000;
const serverNamesCache = perContext((ctx): ChangeCache<ServerNameGroups> =>
  createChangeCache(ctx.bus, ['cccam_servers'], SERVER_NAMES_CACHE_MS),
);

/**
 * A page of lines and how many match, counted up to the cap (LINES_TOTAL_CAP) and reused until a
 * line of the scope changes: paging through a filter counts once, not once per page.
 */
export async function listLines(
  ctx: AppContext,
  actor: Actor,
  query: LineListQuery,
): Promise<CappedListResponse<Line> & { quick_counts?: LineQuickCounts }> {
  const scope = access.lines(actor);
  const { asked, filter } = await listFilter(ctx, scope, query);
  const cap = ctx.config.linesTotalCap;
  // The server-name sort's order comes from the servers, which rarely change.
  const serverGroups =
    query.sort === 'server_name'
      ? await serverNamesCache(ctx).read('groups', () => linesListRepository.serverNameGroups(ctx.db))
      : undefined;
  const [rows, counted, quick] = await Promise.all([
    linesListRepository.page(
      ctx.db,
      filter,
      { sort: query.sort, order: query.order, ...pageWindow(query) },
      serverGroups,
    ),
    totalCache(ctx).get(
      (scope.ownerId ?? EVERY_OWNER) +
        (filter.syncState ? SYNC : '') +
        (filter.online || filter.sharing ? PRESENCE : ''),
      // Keyed by the filter as asked: the part of a search the index looks up changes nothing counted.
      // Lines go in and out of the churn radar with the statistics' polls, which change no line: its
      // totals are kept for the radar's set of lines, counted again when that changes.
      JSON.stringify([asked, cap, filter.churnIds ? digestOf(filter.churnIds) : 0]),
      () => linesListRepository.countUpTo(ctx.db, filter, cap),
    ),
    query.counts ? quickCounts(ctx, scope, filter.today) : undefined,
  ]);
  return {
    items: rows.map((row) => withPresence(toLine(row, filter.today), row.presence)),
    ...cappedTotal(counted, cap),
    page: query.page,
    page_size: query.page_size,
    ...(quick ? { quick_counts: quick } : {}),
  };
}

/**
 * The list's current filter and order as CSV, read page by page so a large export never sits in
 * memory whole. The access check runs before the first byte.
 */
export async function exportLinesCsv(
  ctx: AppContext,
  actor: Actor,
  query: LineListQuery,
): Promise<AsyncGenerator<string>> {
  const scope = access.lines(actor);
  const { filter } = await listFilter(ctx, scope, query);
  // One cheap ordered id scan, then the rows in slices: no OFFSET that grows with every page. The scan
  // runs before the answer starts, so a refused filter is an error answer, not a cut-off 200.
  const ids = await linesListRepository.orderedIds(ctx.db, filter, query.sort, query.order);
  return (async function* () {
    yield lineCsvHeader();
    for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
      const slice = ids.slice(start, start + EXPORT_PAGE);
      const byId = new Map((await linesRepository.findManyByIds(ctx.db, slice)).map((row) => [row.id, row]));
      // A line deleted since the id scan is simply left out.
      const rows = slice.flatMap((id) => byId.get(id) ?? []);
      yield rows.map((row) => lineCsvRow(row, filter.today)).join('');
    }
  })();
}

export async function getLine(ctx: AppContext, actor: Actor, id: number): Promise<Line> {
  const scope = access.lines(actor);
  const row = await findVisible(ctx, scope, id);
  const [presence, packages] = await Promise.all([
    lineConnectionsRepository.presenceOf(ctx.db, [id]),
    linePackages(ctx.db, row),
  ]);
  return { ...withPresence(toLine(row, today()), presence.get(id)), packages };
}

export async function listLineEvents(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ items: LineEvent[] }> {
  const scope = access.lines(actor);
  await findVisible(ctx, scope, id);
  const rows = await lineHistoryRepository.list(ctx.db, id);
  return {
    items: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor_email: row.actorEmail,
      details: (row.details ?? {}) as Record<string, unknown>,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
