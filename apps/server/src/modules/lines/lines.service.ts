import {
  addDays,
  addMonths,
  DEFAULT_TRIAL_DAYS,
  DEFAULT_TRIAL_LINES_PER_DAY,
  isoDate,
  isValidLineCredential,
  planAllowsServerProtocol,
  planLinePrice,
  parseExpiryDate,
  renewedExpiry,
  toDisplayDate,
  type Line,
  type LineCreateBody,
  type LineDeleteResult,
  type LineEvent,
  type LineListQuery,
  type LinePatchBody,
  type LineReconcileResult,
  type LineRenewBody,
  type LineSettings,
  type LineSettingsBody,
  type LineSyncResult,
  type LineWriteResult,
  type CappedListResponse,
  type ChangeEvent,
} from '@linedesk/shared';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { createChangeCache, type ChangeCache } from '../../platform/change-cache.js';
import { AppError } from '../../platform/errors.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { balanceEvents } from '../credits/credit-events.js';
import { runIdempotent, storedOutcome, type IdempotencyRequest } from '../credits/idempotency.js';
import { createScopeCache, type ScopeCache, type StaleScopes } from '../dashboard/scope-cache.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import { agentRestrictions, planForNewLine, planOfLine } from '../line-plans/line-plans.service.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { lineConnectionsRepository } from '../line-connections/line-connections.repository.js';
import { writeBatchedCreate } from './line-create-batch.js';
import { lineCsvHeader, lineCsvRow } from './line-csv.js';
import { lineEvent } from './line-events.js';
import { toLine } from './line-mapper.js';
import {
  lineOutboxRepository,
  type EnqueueOptions,
  type OutboxKey,
  type OutboxRow,
  type UpsertPayload,
} from './line-outbox.repository.js';
import { reconcileServer } from './line-reconcile.js';
import { assertUsernameFitsServer } from './line-server-limits.js';
import {
  deliverNow,
  deliverNowDetailed,
  leaseMs,
  SYNC_OK,
  syncResult,
  syncTiming,
  type Delivered,
  type SyncKind,
} from './line-sync.js';
import {
  linesRepository,
  type LineFilter,
  type LinePresence,
  type LineRecord,
  type LineRow,
  type LineUpdate,
} from './lines.repository.js';

const TRIAL_DAYS_KEY = 'lines.trial_days';
const TRIAL_LIMIT_KEY = 'lines.trial_lines_per_day';
/** Rows per query while streaming a CSV export. */
const EXPORT_PAGE = 1000;

type Scope = { actor: Actor; ownerId: string | null };

const today = () => isoDate(new Date());

/** Online, last seen and the sharing flag, read by primary key for the lines shown (never aggregated). */
function withPresence(line: Line, presence: LinePresence | undefined): Line {
  return {
    ...line,
    online: (presence?.sessions ?? 0) > 0,
    last_seen_at: presence?.lastSeenAt.toISOString() ?? null,
    sharing_detected_at: presence?.sharingDetectedAt?.toISOString() ?? null,
  };
}

async function publishLine(
  ctx: AppContext,
  action: 'insert' | 'update' | 'delete',
  line: { id: number; ownerId: string | null },
): Promise<void> {
  await ctx.bus.publish(lineEvent(action, line));
}

/** Outbox rows a request delivers itself are left to the worker only after this long. */
function deliveredBy(ctx: AppContext): number {
  return leaseMs(syncTiming(ctx));
}

function keyOf(line: { serverId: number | null; username: string }): OutboxKey | null {
  return line.serverId === null ? null : { serverId: line.serverId, username: line.username };
}

/** A delivery the request's own transaction already leased: delivered right after the commit. */
type Claimed = { row: OutboxRow; leaseId: string };

/**
 * Queues the line's state (password, expiry, enabled) for `serverId`, in the write's own transaction,
 * and leases the row for the request, which delivers it right after the commit (unless another
 * deliverer holds it: then undefined, and the request waits for that one). `event`: the write's
 * history row, in the same statement.
 */
async function enqueueUpsert(
  ctx: AppContext,
  tx: Db,
  line: Pick<LineRecord, 'id' | 'username' | 'password' | 'expiryDate' | 'enabled' | 'planId'>,
  serverId: number,
  event?: EnqueueOptions['event'],
): Promise<Claimed | undefined> {
  const leaseId = randomUUID();
  const restrictions = agentRestrictions(await planOfLine(tx, line.planId));
  const row = await lineOutboxRepository.enqueue(
    tx,
    {
      lineId: line.id,
      serverId,
      username: line.username,
      operation: 'upsert',
      payload: {
        password: line.password,
        expiryDate: toDisplayDate(line.expiryDate),
        enabled: line.enabled,
        ...(restrictions ? { restrictions } : {}),
      },
    },
    deliveredBy(ctx),
    { lease: { ms: deliveredBy(ctx), id: leaseId }, event },
  );
  return row && { row, leaseId };
}

/** The unique index on users.username turned a concurrent duplicate away. */
function isUsernameViolation(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && (e.constraint ?? 'users_username_unique') === 'users_username_unique') {
      return true;
    }
    e = e.cause as typeof e;
  }
  return false;
}

function transaction<T>(ctx: AppContext, work: (tx: Db) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work(tx as unknown as Db));
}

function filterOf(scope: Scope, query: LineListQuery): LineFilter {
  return {
    scopeOwnerId: scope.ownerId,
    status: query.status,
    serverId: query.server_id,
    ownerId: query.owner_id,
    expiringWithinDays: query.expiring_within_days,
    syncState: query.sync_state,
    search: query.search || undefined,
    today: today(),
  };
}

async function findVisible(ctx: AppContext, scope: Scope, id: number): Promise<LineRow> {
  return access.ownLineOrNotFound(scope, await linesRepository.findById(ctx.db, id));
}

/** Under the row lock: the line must still exist and still be the caller's. */
async function lockVisible(tx: Db, scope: Scope, id: number): Promise<LineRecord> {
  return access.ownLineOrNotFound(scope, await linesRepository.lockById(tx, id));
}

async function balanceOf(ctx: AppContext, actor: Actor, afterCharge: number | null): Promise<number | null> {
  if (actor.isAdmin) return null;
  return afterCharge ?? (await linesRepository.accountBalance(ctx.db, actor.id)).credits;
}

/** Bounds a server change made outside the app; the app's own changes drop the kept rows at once. */
const SERVER_CACHE_MS = 5_000;

const NO_IDEMPOTENCY_KEY: IdempotencyRequest = { key: undefined, scope: '' };

/** What an idempotent line write keeps with its key; a retry is answered from it and the line now. */
type StoredWrite = { line_id: number; charged: number; balance: number | null };

async function replayedWrite(
  ctx: AppContext,
  stored: StoredWrite,
): Promise<LineWriteResult & { replayed: true }> {
  const row = await linesRepository.findById(ctx.db, stored.line_id);
  if (!row) throw new AppError('LINE_NOT_FOUND');
  const line = toLine(row, today());
  const sync = {
    ok: line.sync_state === 'synced',
    code: line.sync_error_code,
    message: line.sync_error,
    params: line.sync_error_params,
  };
  return { line, sync, charged: stored.charged, balance: stored.balance, replayed: true };
}

async function writeResult(
  ctx: AppContext,
  id: number,
  sync: LineSyncResult,
  charged: number,
  balance: number | null,
): Promise<LineWriteResult> {
  const row = await linesRepository.findById(ctx.db, id);
  if (!row) throw new AppError('LINE_NOT_FOUND');
  return { line: toLine(row, today()), sync, charged, balance };
}

async function deliver(
  ctx: AppContext,
  key: OutboxKey | null,
  kind: SyncKind,
  claimed?: Claimed,
): Promise<LineSyncResult> {
  return (await deliverDetailed(ctx, key, kind, claimed)).sync;
}

async function deliverDetailed(
  ctx: AppContext,
  key: OutboxKey | null,
  kind: SyncKind,
  claimed?: Claimed,
): Promise<Delivered> {
  if (!key) {
    return {
      sync: syncResult(kind, { ok: false, unreachable: true, reason: 'the line has no server' }),
      line: null,
    };
  }
  return deliverNowDetailed(ctx, key, kind, claimed);
}

/**
 * The answer to a write, from the row its transaction returned and what the delivery changed; read
 * again only when someone else's delivery may have changed the line meanwhile.
 */
async function answerOf(
  ctx: AppContext,
  line: LineRecord,
  server: Pick<LineRow, 'serverName' | 'serverProtocol' | 'serverDesKey'>,
  delivered: Delivered,
  charged: number,
  balance: number | null,
): Promise<LineWriteResult> {
  if (!delivered.line) return writeResult(ctx, line.id, delivered.sync, charged, balance);
  const row: LineRow = { ...line, ...delivered.line, ...server };
  return { line: toLine(row, today()), sync: delivered.sync, charged, balance };
}

async function trialLinesPerDay(ctx: AppContext): Promise<number> {
  const value = await appSettingsRepository.get<number>(ctx.db, TRIAL_LIMIT_KEY, DEFAULT_TRIAL_LINES_PER_DAY);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_TRIAL_LINES_PER_DAY;
}

async function trialDays(ctx: AppContext): Promise<number> {
  const value = await appSettingsRepository.get<number>(ctx.db, TRIAL_DAYS_KEY, DEFAULT_TRIAL_DAYS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_TRIAL_DAYS;
}

const serverCaches = new WeakMap<AppContext, ChangeCache<ServerRow | undefined>>();

/** Servers as new lines read them: kept until any server changes (a create need not read them). */
function readServer(ctx: AppContext, key: 'newest' | number): Promise<ServerRow | undefined> {
  let cache = serverCaches.get(ctx);
  if (!cache) {
    cache = createChangeCache(ctx.bus, ['cccam_servers'], SERVER_CACHE_MS);
    serverCaches.set(ctx, cache);
  }
  return cache.read(String(key), () =>
    key === 'newest' ? serversRepository.newestActive(ctx.db) : serversRepository.findById(ctx.db, key),
  );
}

/** The picked server when it is active, else the newest active one. */
async function pickServer(ctx: AppContext, serverId: number | null | undefined): Promise<ServerRow> {
  const newest = await readServer(ctx, 'newest');
  if (!newest) throw new AppError('LINE_NO_ACTIVE_SERVERS');
  if (serverId === null || serverId === undefined) return newest;
  const picked = serverId === newest.id ? newest : await readServer(ctx, serverId);
  // Only active servers serve line operations; resellers cannot see the others, so it is "not found".
  if (!picked || picked.status !== 'active') throw new AppError('SERVER_NOT_FOUND');
  return picked;
}

/**
 * What `months` of the plan cost `me` (the shared pricing rule). A duration the plan does not offer
 * is refused; on the default plan with the spec's own error, as before plans existed.
 */
function planCharge(plan: LinePlanRow, months: number, me: Actor, isTrial = false): number {
  const price = planLinePrice(plan.prices, months, { isAdmin: me.isAdmin, isTrial });
  if (price !== null) return price;
  if (plan.isDefault || !Number.isInteger(months)) throw new AppError('LINE_INVALID_DURATION');
  throw new AppError('LINE_PLAN_DURATION_NOT_OFFERED', { params: { months } });
}

function cleanText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function cleanHostPort(value: string[] | undefined): string[] | undefined {
  return value?.map((entry) => entry.trim()).filter(Boolean);
}

const EVERY_OWNER = '*';
/** Totals filtered on the sync state live in their own scope: only they go stale with each delivery. */
const SYNC = '|sync';

/**
 * Which cached list totals a change makes stale: a line's, the panel's and its owner's (a delivery,
 * which moves only the sync state, only their totals filtered on it); a server or an account deleted
 * (their lines' server or owner become none), all of them.
 */
function staleTotals(event: ChangeEvent): StaleScopes {
  switch (event.table) {
    case 'users': {
      if (event.audience === 'all') return 'all';
      const owners = [EVERY_OWNER, ...event.audience];
      const synced = owners.map((owner) => owner + SYNC);
      return event.syncOnly ? synced : [...owners, ...synced];
    }
    case 'cccam_servers':
      return 'all';
    case 'auth_users':
      return event.action === 'delete' ? 'all' : null;
    default:
      return null;
  }
}

const totalCaches = new WeakMap<AppContext, ScopeCache<number>>();
function totalCache(ctx: AppContext): ScopeCache<number> {
  let cache = totalCaches.get(ctx);
  if (!cache) {
    cache = createScopeCache(ctx.bus, {
      ttlMs: ctx.config.dashboardCacheSeconds * 1000,
      staleScopes: staleTotals,
    });
    totalCaches.set(ctx, cache);
  }
  return cache;
}

/**
 * A page of lines and how many match, counted up to the cap (LINES_TOTAL_CAP) and reused until a
 * line of the scope changes: paging through a filter counts once, not once per page.
 */
export async function listLines(
  ctx: AppContext,
  actor: Actor,
  query: LineListQuery,
): Promise<CappedListResponse<Line>> {
  const scope = access.lines(actor);
  const filter = filterOf(scope, query);
  const cap = ctx.config.linesTotalCap;
  const [rows, counted] = await Promise.all([
    linesRepository.page(ctx.db, filter, {
      sort: query.sort,
      order: query.order,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    }),
    totalCache(ctx).get(
      (scope.ownerId ?? EVERY_OWNER) + (filter.syncState ? SYNC : ''),
      JSON.stringify([filter, cap]),
      () => linesRepository.countUpTo(ctx.db, filter, cap),
    ),
  ]);
  return {
    items: rows.map((row) => withPresence(toLine(row, filter.today), row.presence)),
    total: Math.min(counted, cap),
    total_is_lower_bound: counted > cap,
    page: query.page,
    page_size: query.page_size,
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
  const filter = filterOf(scope, query);
  // One cheap ordered id scan, then the rows in slices: no OFFSET that grows with every page. The scan
  // runs before the answer starts, so a refused filter is an error answer, not a cut-off 200.
  const ids = await linesRepository.orderedIds(ctx.db, filter, query.sort, query.order);
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
  const line = toLine(await findVisible(ctx, scope, id), today());
  const presence = await lineConnectionsRepository.presenceOf(ctx.db, [id]);
  return withPresence(line, presence.get(id));
}

/**
 * Creates a line: the charge, the line, its outbox entry and its history row commit
 * together, so a failed create charges nothing and two creates can never spend the same credit. The
 * server is told after the commit; its failure is reported and the line stays.
 */
export async function createLine(
  ctx: AppContext,
  actor: Actor,
  body: LineCreateBody,
  idempotency: IdempotencyRequest = NO_IDEMPOTENCY_KEY,
): Promise<LineWriteResult & { replayed: boolean }> {
  const scope = access.lines(actor);
  const me = scope.actor;
  const keyed = { accountId: me.id, ...idempotency, body };
  const earlier = await storedOutcome<StoredWrite>(ctx, keyed);
  if (earlier) return replayedWrite(ctx, earlier.body);
  const username = body.username?.trim() ?? '';
  const password = body.password?.trim() ?? '';
  if (!username || !password) throw new AppError('LINE_CREDENTIALS_REQUIRED');
  if (!isValidLineCredential(username)) throw new AppError('LINE_INVALID_USERNAME');
  if (!isValidLineCredential(password)) throw new AppError('LINE_INVALID_PASSWORD');
  const isTrial = body.is_trial === true;
  const months = body.subscription_months;
  const plan = await planForNewLine(ctx, body.plan_id);
  if (!isTrial && (typeof months !== 'number' || !Number.isInteger(months))) {
    throw new AppError('LINE_INVALID_DURATION');
  }
  const charge = isTrial ? 0 : planCharge(plan, months!, me);
  // A taken username is answered by the unique index when the line is inserted.
  const server = await pickServer(ctx, body.server_id);
  assertUsernameFitsServer(username, server);
  // As a plan change would: a line its server's protocol cannot serve is refused before any charge.
  if (!planAllowsServerProtocol(plan.restrictions, server.protocol)) {
    throw new AppError('LINE_PLAN_PROTOCOL_NOT_ALLOWED', { params: { protocol: server.protocol } });
  }

  const start = today();
  const expiryDate = isTrial ? addDays(start, await trialDays(ctx)) : addMonths(start, months!);
  const restrictions = agentRestrictions(plan);
  const hostPort = cleanHostPort(body.host_port);
  const trialLimit = isTrial && !me.isAdmin ? await trialLinesPerDay(ctx) : null;
  let balanceAfter: number | null = null;
  let accountOwner: string | null = null;
  let claimed: Claimed | undefined;

  const payload: UpsertPayload = {
    password,
    expiryDate: toDisplayDate(expiryDate),
    enabled: true,
    ...(restrictions ? { restrictions } : {}),
  };
  const values = {
    username,
    password,
    expiryDate,
    addedDate: start,
    notes: cleanText(body.notes),
    name: cleanText(body.name),
    email: cleanText(body.email),
    company: cleanText(body.company),
    hostPort: hostPort && hostPort.length > 0 ? hostPort : [`${server.hostIp}:${server.port}`],
    ownerId: me.id,
    ownerEmail: me.email,
    serverId: server.id,
    isTrial,
    subscriptionMonths: isTrial ? null : months!,
    planId: plan.id,
    syncState: 'pending' as const,
  };
  const details = {
    expiry_date: expiryDate,
    is_trial: isTrial,
    subscription_months: isTrial ? null : months,
    server_id: server.id,
    plan_id: plan.id,
    charged: charge,
  };

  // Without a trial's daily limit or an idempotency key a create is only its writes: it goes in with
  // the creates that arrive meanwhile (one transaction for all), unless that batch cannot decide it.
  if (!isTrial && !idempotency.key) {
    const timing = { workerAfterMs: deliveredBy(ctx), leaseMs: deliveredBy(ctx) };
    const batched = await writeBatchedCreate(
      ctx,
      { values, payload, details, charge, leaseId: randomUUID() },
      timing,
    );
    if (batched.kind === 'username_taken') throw new AppError('LINE_USERNAME_TAKEN');
    if (batched.kind === 'created') {
      return answerCreated(
        ctx,
        me,
        batched.line,
        server,
        batched.claimed,
        charge,
        batched.charged?.balance ?? null,
      );
    }
  }

  let created: LineRecord | undefined;
  const outcome = await runIdempotent<StoredWrite>(ctx, keyed, 201, async (tx) => {
    if (trialLimit !== null && !(await linesRepository.claimTrial(tx, me.id, start, trialLimit))) {
      throw new AppError('LINE_TRIAL_LIMIT_REACHED', { params: { limit: trialLimit } });
    }
    const leaseId = randomUUID();
    let written: Awaited<ReturnType<typeof linesRepository.insertCreated>>;
    try {
      // The line, its outbox row (leased for this request), its history row and the charge with its
      // ledger row: one statement.
      written = await linesRepository.insertCreated(tx, values, {
        outbox: {
          serverId: server.id,
          payload,
          workerAfterMs: deliveredBy(ctx),
          lease: { ms: deliveredBy(ctx), id: leaseId },
        },
        event: { ownerId: me.id, actorId: me.id, action: 'created', details },
        charge:
          charge > 0
            ? {
                accountId: me.id,
                delta: -charge,
                reason: 'line_create',
                actorId: me.id,
                refType: 'line',
                note: username,
              }
            : null,
      });
    } catch (error) {
      if (isUsernameViolation(error)) throw new AppError('LINE_USERNAME_TAKEN');
      throw error;
    }
    // The balance could not pay: nothing of this statement may stay.
    if (written.charged === null) throw await creditLedger.refusal(tx, me.id, -charge);
    const row = written.line;
    if (written.outbox) claimed = { row: written.outbox, leaseId };
    if (written.charged) {
      balanceAfter = written.charged.balance;
      accountOwner = written.charged.ownerId;
    }
    created = row;
    return { line_id: row.id, charged: charge, balance: balanceAfter };
  });
  // A concurrent request with the same key committed first: its answer, nothing created here.
  if (outcome.replayed || !created) return replayedWrite(ctx, outcome.body);
  const line = created;

  // The line and the balance change reach every instance in one NOTIFY round trip.
  await ctx.bus.publishAll([
    lineEvent('insert', line),
    ...(charge > 0 ? balanceEvents({ id: me.id, ownerId: accountOwner }) : []),
  ]);
  return answerCreated(ctx, me, line, server, claimed, charge, balanceAfter);
}

/** A new line delivered to its server (or left to the worker), and the answer to its create. */
async function answerCreated(
  ctx: AppContext,
  me: Actor,
  line: LineRecord,
  server: ServerRow,
  claimed: Claimed | undefined,
  charge: number,
  balanceAfter: number | null,
): Promise<LineWriteResult & { replayed: false }> {
  const delivered = await deliverDetailed(ctx, keyOf(line), 'add', claimed);
  return {
    ...(await answerOf(
      ctx,
      line,
      { serverName: server.serverName, serverProtocol: server.protocol, serverDesKey: server.newcamdDesKey },
      delivered,
      charge,
      await balanceOf(ctx, me, balanceAfter),
    )),
    replayed: false,
  };
}

/**
 * Edits a line: password, expiry (admins only), notes, name, email, company, host_port and the
 * enabled flag (suspend/enable). What the server holds (password, expiry, enabled) goes to the outbox.
 */
export async function updateLine(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: LinePatchBody,
): Promise<LineWriteResult> {
  const scope = access.lines(actor);
  await findVisible(ctx, scope, id);

  const values: LineUpdate = {};
  if (patch.expiry_date !== undefined) {
    if (!scope.actor.isAdmin) throw new AppError('LINE_EXPIRY_ADMIN_ONLY');
    const expiry = parseExpiryDate(patch.expiry_date);
    if (!expiry) throw new AppError('LINE_INVALID_EXPIRY_DATE');
    values.expiryDate = expiry;
  }
  // An empty password keeps the current one: edit forms send every field.
  const password = patch.password?.trim();
  if (password) {
    if (!isValidLineCredential(password)) throw new AppError('LINE_INVALID_PASSWORD');
    values.password = password;
  }
  if (patch.notes !== undefined) values.notes = cleanText(patch.notes);
  if (patch.name !== undefined) values.name = cleanText(patch.name);
  if (patch.email !== undefined) values.email = cleanText(patch.email);
  if (patch.company !== undefined) values.company = cleanText(patch.company);
  if (patch.host_port !== undefined) values.hostPort = cleanHostPort(patch.host_port);
  if (patch.enabled !== undefined) values.enabled = patch.enabled;
  if (Object.keys(values).length === 0) throw new AppError('LINE_NOTHING_TO_UPDATE');

  let claimed: Claimed | undefined;
  const { line, agentChanged, changedAny } = await transaction(ctx, async (tx) => {
    const current = await lockVisible(tx, scope, id);
    const changed = (Object.keys(values) as (keyof LineUpdate)[]).filter(
      (field) => JSON.stringify(values[field]) !== JSON.stringify(current[field]),
    );
    const agentFields = changed.filter((f) => f === 'password' || f === 'expiryDate' || f === 'enabled');
    if (changed.length === 0) return { line: current, agentChanged: false, changedAny: false };
    const updated = (await linesRepository.update(tx, id, {
      ...values,
      ...(agentFields.length > 0 && current.serverId !== null ? { syncState: 'pending' } : {}),
    }))!;
    if (agentFields.length > 0 && current.serverId !== null) {
      claimed = await enqueueUpsert(ctx, tx, updated, current.serverId);
    }
    if (changed.includes('enabled')) {
      await linesRepository.insertEvent(tx, {
        lineId: id,
        actorId: scope.actor.id,
        action: updated.enabled ? 'enabled' : 'disabled',
      });
    }
    const edited = changed.filter((f) => f !== 'enabled');
    if (edited.length > 0) {
      await linesRepository.insertEvent(tx, {
        lineId: id,
        actorId: scope.actor.id,
        action: 'edited',
        details: {
          fields: edited.map((f) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
          ...(edited.includes('expiryDate') ? { from: current.expiryDate, to: updated.expiryDate } : {}),
        },
      });
    }
    return { line: updated, agentChanged: agentFields.length > 0, changedAny: true };
  });

  if (changedAny) await publishLine(ctx, 'update', line);
  const sync = agentChanged ? await deliver(ctx, keyOf(line), 'update', claimed) : SYNC_OK;
  return writeResult(ctx, id, sync, 0, await balanceOf(ctx, scope.actor, null));
}

/**
 * Renews a line: the months are added to the current expiry while it is still valid, else to today,
 * charged at the creation prices (admins free) in the same transaction.
 */
export async function renewLine(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: LineRenewBody,
  idempotency: IdempotencyRequest = NO_IDEMPOTENCY_KEY,
): Promise<LineWriteResult & { replayed: boolean }> {
  const scope = access.lines(actor);
  const keyed = { accountId: scope.actor.id, ...idempotency, body };
  const earlier = await storedOutcome<StoredWrite>(ctx, keyed);
  if (earlier) return replayedWrite(ctx, { ...earlier.body, line_id: id });
  const visible = await findVisible(ctx, scope, id);
  const months = body.subscription_months;
  const me = scope.actor;
  // The line's own plan prices its renewal, archived or not.
  const charge = planCharge(await planOfLine(ctx.db, visible.planId), months, me);
  let balanceAfter: number | null = null;
  let accountOwner: string | null = null;
  let claimed: Claimed | undefined;
  let renewed: LineRecord | undefined;

  // A retried renew with the same Idempotency-Key returns the first result instead of charging again.
  const outcome = await runIdempotent<StoredWrite>(ctx, keyed, 200, async (tx) => {
    const current = await lockVisible(tx, scope, id);
    const expiryDate = renewedExpiry(current.expiryDate, months, today());
    const updated = (await linesRepository.update(tx, id, {
      expiryDate,
      subscriptionMonths: months,
      isTrial: false,
      ...(current.serverId !== null ? { syncState: 'pending' as const } : {}),
    }))!;
    if (charge > 0) {
      const charged = await creditLedger.change(tx, {
        accountId: me.id,
        delta: -charge,
        reason: 'line_renew',
        actorId: me.id,
        refType: 'line',
        refId: String(id),
        note: current.username,
      });
      balanceAfter = charged.balance;
      accountOwner = charged.ownerId;
    }
    const event = {
      lineId: id,
      ownerId: updated.ownerId,
      actorId: me.id,
      action: 'renewed',
      details: { subscription_months: months, from: current.expiryDate, to: expiryDate, charged: charge },
    };
    if (current.serverId !== null) claimed = await enqueueUpsert(ctx, tx, updated, current.serverId, event);
    else await linesRepository.insertEvent(tx, event);
    renewed = updated;
    return { line_id: id, charged: charge, balance: balanceAfter };
  });
  if (outcome.replayed || !renewed) return replayedWrite(ctx, { ...outcome.body, line_id: id });
  const line = renewed;

  await ctx.bus.publishAll([
    lineEvent('update', line),
    ...(charge > 0 ? balanceEvents({ id: me.id, ownerId: accountOwner }) : []),
  ]);
  const delivered = await deliverDetailed(ctx, keyOf(line), 'renew', claimed);
  return {
    ...(await answerOf(
      ctx,
      line,
      // The server of the line as it was read before the renewal; a renewal does not move it.
      line.serverId === visible.serverId
        ? {
            serverName: visible.serverName,
            serverProtocol: visible.serverProtocol,
            serverDesKey: visible.serverDesKey,
          }
        : { serverName: null, serverProtocol: null, serverDesKey: null },
      delivered,
      charge,
      await balanceOf(ctx, me, balanceAfter),
    )),
    replayed: false,
  };
}

/**
 * Deletes a line, telling its server first and deleting the row whatever the server
 * said. The delete goes through the outbox so it cannot overtake a delivery still running for the
 * line, and when the server could not be told, the worker finishes the job.
 */
export async function deleteLine(ctx: AppContext, actor: Actor, id: number): Promise<LineDeleteResult> {
  const scope = access.lines(actor);
  const existing = await findVisible(ctx, scope, id);
  const key = keyOf(existing);

  let sync: LineSyncResult = SYNC_OK;
  if (key) {
    await transaction(ctx, async (tx) => {
      await lockVisible(tx, scope, id);
      await lineOutboxRepository.enqueue(tx, { ...key, lineId: id, operation: 'delete' }, deliveredBy(ctx));
    });
    sync = await deliverNow(ctx, key, 'delete');
  }
  await transaction(ctx, async (tx) => {
    const deleted = await linesRepository.delete(tx, id);
    // An edit that slipped in since the server was told left an upsert; it must not re-add the user.
    if (key) await lineOutboxRepository.turnIntoDelete(tx, key);
    if (deleted) {
      await linesRepository.insertEvent(tx, {
        lineId: id,
        actorId: scope.actor.id,
        action: 'deleted',
        details: { username: deleted.username },
      });
    }
  });
  await publishLine(ctx, 'delete', existing);
  return { id, sync };
}

/** "Retry now": hands the line's current state to its server again and reports the outcome. */
export async function syncLine(ctx: AppContext, actor: Actor, id: number): Promise<LineWriteResult> {
  const scope = access.lines(actor);
  const existing = await findVisible(ctx, scope, id);
  const kind: SyncKind = existing.syncedAt === null ? 'add' : 'update';
  const key = keyOf(existing);
  let claimed: Claimed | undefined;
  if (key) {
    await transaction(ctx, async (tx) => {
      claimed = await enqueueUpsert(ctx, tx, await lockVisible(tx, scope, id), key.serverId);
    });
  }
  const sync = await deliver(ctx, key, kind, claimed);
  return writeResult(ctx, id, sync, 0, await balanceOf(ctx, scope.actor, null));
}

export async function listLineEvents(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ items: LineEvent[] }> {
  const scope = access.lines(actor);
  await findVisible(ctx, scope, id);
  const rows = await linesRepository.listEvents(ctx.db, id);
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

export async function getLineSettings(ctx: AppContext, actor: Actor): Promise<LineSettings> {
  const me = access.lines(actor).actor;
  return lineSettingsFor(ctx, me);
}

async function lineSettingsFor(ctx: AppContext, me: { id: string; isAdmin: boolean }): Promise<LineSettings> {
  const perDay = await trialLinesPerDay(ctx);
  const left = me.isAdmin
    ? null
    : Math.max(0, perDay - (await linesRepository.trialsUsed(ctx.db, me.id, today())));
  return { trial_days: await trialDays(ctx), trial_lines_per_day: perDay, trial_lines_left_today: left };
}

export async function updateLineSettings(
  ctx: AppContext,
  actor: Actor,
  body: LineSettingsBody,
): Promise<LineSettings> {
  if (body.trial_days !== undefined) {
    await updateSetting(ctx, actor, TRIAL_DAYS_KEY, body.trial_days);
  }
  if (body.trial_lines_per_day !== undefined) {
    await updateSetting(ctx, actor, TRIAL_LIMIT_KEY, body.trial_lines_per_day);
  }
  await ctx.bus.publish({ table: 'app_settings', action: 'update', id: TRIAL_DAYS_KEY, audience: 'all' });
  return lineSettingsFor(ctx, actor);
}

/** An admin's "reconcile now" for one server. */
export async function reconcileServerLines(
  ctx: AppContext,
  actor: Actor,
  serverId: number,
): Promise<LineReconcileResult> {
  const server = await serversRepository.findById(ctx.db, serverId);
  if (!server) throw new AppError('SERVER_NOT_FOUND');
  return reconcileServer(ctx, server);
}

/**
 * Suspends a line the panel found shared (the automatic suspension of sharing detection): the same
 * write, outbox delivery and history row as an owner's disable, with no actor. False when the line is
 * gone or already suspended.
 */
export async function suspendLineForSharing(ctx: AppContext, id: number): Promise<boolean> {
  let claimed: Claimed | undefined;
  const line = await transaction(ctx, async (tx) => {
    const current = await linesRepository.lockById(tx, id);
    if (!current || !current.enabled) return null;
    const updated = (await linesRepository.update(tx, id, {
      enabled: false,
      ...(current.serverId !== null ? { syncState: 'pending' } : {}),
    }))!;
    if (current.serverId !== null) claimed = await enqueueUpsert(ctx, tx, updated, current.serverId);
    await linesRepository.insertEvent(tx, {
      lineId: id,
      actorId: null,
      action: 'disabled',
      details: { reason: 'sharing' },
    });
    return updated;
  });
  if (!line) return false;
  await publishLine(ctx, 'update', line);
  await deliver(ctx, keyOf(line), 'update', claimed);
  return true;
}
