import type { LineCreateBody, LineWriteResult } from '@linedesk/shared';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import {
  assertLineRoom,
  assertTrialBalance,
  currentBuyerTerms,
  hasLineLimit,
  trialsPerDay,
} from '../reseller-terms/buyer-terms.js';
import { ledgerRepository } from '../credits/ledger.repository.js';
import { AppError } from '../../platform/errors.js';
import { runIdempotent, storedOutcome, type IdempotencyRequest } from '../credits/idempotency.js';
import type { ServerRow } from '../servers/servers.repository.js';
import { planForNewLine } from '../line-plans/line-plans.service.js';
import { answerChargedWrite, NO_IDEMPOTENCY_KEY, replayedWrite, type StoredWrite } from './line-answer.js';
import { publishLineWrite } from './line-charge.js';
import { writeBatchedCreate } from './line-create-batch.js';
import { writeNewLine, type NewLineWritten } from './line-create-write.js';
import { cleanHostPort, cleanText } from './line-fields.js';
import { checkCredentials, checkNewLine } from './line-rules.js';
import { secondsUntilNextDay, today } from './line-scope.js';
import { pickServer } from './line-server-pick.js';
import { trialDays, trialLinesPerDay } from './line-settings.service.js';
import { requestDelivery, type Claimed } from './line-write.js';
import { linesRepository, type LineRecord } from './lines.repository.js';
import { lineCreateRepository } from './line-create.repository.js';

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
  // Credentials first: a bad one is refused before the plan or the servers are read.
  const credentials = checkCredentials(body.username, body.password);
  const isTrial = body.is_trial === true;
  const terms = await currentBuyerTerms(ctx, me);
  if (isTrial && !me.isAdmin) {
    assertTrialBalance(terms, (await ledgerRepository.balance(ctx.db, me.id)).credits);
  }
  const plan = await planForNewLine(ctx, body.plan_id);
  // A taken username is answered by the unique index when the line is inserted.
  const server = await pickServer(ctx, body.server_id);
  const start = today();
  const checked = checkNewLine({
    plan,
    server,
    ...credentials,
    months: body.subscription_months,
    trialDays: isTrial ? await trialDays(ctx) : null,
    buyer: { ...me, terms },
    today: start,
    hostPort: cleanHostPort(body.host_port),
    contact: {
      notes: cleanText(body.notes),
      name: cleanText(body.name),
      email: cleanText(body.email),
      language: body.language ?? null,
      company: cleanText(body.company),
    },
  });
  const charge = checked.charge;
  const trialLimit = isTrial && !me.isAdmin ? trialsPerDay(terms, await trialLinesPerDay(ctx)) : null;
  const delivery = requestDelivery(ctx);

  // Without a trial's daily limit or an idempotency key a create is only its writes: it goes in with
  // the creates that arrive meanwhile (one transaction for all), unless that batch cannot decide it.
  // A line limit above the buyer is counted under its row lock, in the create's own transaction.
  if (!isTrial && !idempotency.key && !hasLineLimit(terms)) {
    const batched = await writeBatchedCreate(ctx, { ...checked, leaseId: randomUUID() }, delivery);
    if (batched.kind === 'username_taken') throw await usernameTaken(ctx, me, checked.values.username);
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

  let written: NewLineWritten | undefined;
  const outcome = await runIdempotent<StoredWrite>(ctx, keyed, 201, async (tx) => {
    if (trialLimit !== null && !(await lineCreateRepository.claimTrial(tx, me.id, start, trialLimit))) {
      throw new AppError('LINE_TRIAL_LIMIT_REACHED', {
        params: { limit: trialLimit },
        retryAfterSeconds: secondsUntilNextDay(),
      });
    }
    await assertLineRoom(tx, terms);
    // The line, its outbox row (leased for this request), its history row and the charge with its
    // ledger row: one statement.
    written = await writeNewLine(tx, checked, { actorId: me.id, delivery });
    return { line_id: written.line.id, charged: charge, balance: written.charged?.balance ?? null };
  }).catch(async (error: unknown) => {
    if (error instanceof AppError && error.code === 'LINE_USERNAME_TAKEN') {
      throw await usernameTaken(ctx, me, checked.values.username);
    }
    throw error;
  });
  // A concurrent request with the same key committed first: its answer, nothing created here.
  if (outcome.replayed || !written) return replayedWrite(ctx, outcome.body);
  const { line, claimed, charged } = written;

  // The line and the balance change reach every instance in one NOTIFY round trip.
  await publishLineWrite(
    ctx,
    'insert',
    line,
    charged ? { accountId: me.id, ownerId: charged.ownerId } : null,
  );
  return answerCreated(ctx, me, line, server, claimed, charge, charged?.balance ?? null);
}

/**
 * A taken username. When the line holding it is the caller's own (a create retried without an
 * Idempotency-Key after its answer was lost made it), the refusal says so and names the line, so the
 * caller opens it rather than choosing another name; anyone else's line stays a plain "taken".
 */
async function usernameTaken(ctx: AppContext, me: Actor, username: string): Promise<AppError> {
  const holder = await linesRepository.ownerOfUsername(ctx.db, username);
  if (holder && holder.ownerId === me.id) {
    return new AppError('LINE_USERNAME_YOURS', { params: { line_id: holder.id, username } });
  }
  return new AppError('LINE_USERNAME_TAKEN');
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
