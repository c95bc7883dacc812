import {
  addDays,
  addMonths,
  isValidLineCredential,
  planAllowsServerProtocol,
  toDisplayDate,
  type LineCreateBody,
  type LineWriteResult,
} from '@linedesk/shared';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { createChangeCache, type ChangeCache } from '../../platform/change-cache.js';
import { AppError } from '../../platform/errors.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { runIdempotent, storedOutcome, type IdempotencyRequest } from '../credits/idempotency.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import { agentRestrictions, planForNewLine } from '../line-plans/line-plans.service.js';
import { answerChargedWrite, NO_IDEMPOTENCY_KEY, replayedWrite, type StoredWrite } from './line-answer.js';
import { planCharge, publishLineWrite } from './line-charge.js';
import { writeBatchedCreate } from './line-create-batch.js';
import { cleanHostPort, cleanText } from './line-fields.js';
import type { UpsertPayload } from './line-outbox.repository.js';
import { today } from './line-scope.js';
import { assertUsernameFitsServer } from './line-server-limits.js';
import { trialDays, trialLinesPerDay } from './line-settings.service.js';
import { requestDelivery, type Claimed } from './line-write.js';
import { linesRepository, type LineRecord } from './lines.repository.js';
import { perContext } from '../../platform/per-context.js';

/** Bounds a server change made outside the app; the app's own changes drop the kept rows at once. */
const SERVER_CACHE_MS = 5_000;

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

const serverCache = perContext((ctx): ChangeCache<ServerRow | undefined> =>
  createChangeCache(ctx.bus, ['cccam_servers'], SERVER_CACHE_MS),
);

/** Servers as new lines read them: kept until any server changes (a create need not read them). */
function readServer(ctx: AppContext, key: 'newest' | number): Promise<ServerRow | undefined> {
  return serverCache(ctx).read(String(key), () =>
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
  const delivery = requestDelivery(ctx);
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
    const batched = await writeBatchedCreate(
      ctx,
      { values, payload, details, charge, leaseId: randomUUID() },
      delivery,
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
          workerAfterMs: delivery.workerAfterMs,
          lease: { ms: delivery.leaseMs, id: leaseId },
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
  await publishLineWrite(
    ctx,
    'insert',
    line,
    charge > 0 ? { accountId: me.id, ownerId: accountOwner } : null,
  );
  return answerCreated(ctx, me, line, server, claimed, charge, balanceAfter);
}

/** A new line delivered to its server (or left to the worker), and the answer to its create. */
function answerCreated(
  ctx: AppContext,
  me: Actor,
  line: LineRecord,
  server: ServerRow,
  claimed: Claimed | undefined,
  charge: number,
  balanceAfter: number | null,
): Promise<LineWriteResult & { replayed: false }> {
  const shown = {
    serverName: server.serverName,
    serverProtocol: server.protocol,
    serverDesKey: server.newcamdDesKey,
  };
  return answerChargedWrite(ctx, me, { line, server: shown, claimed }, 'add', charge, balanceAfter);
}
