import { assertLineRoom, buyerTerms, trialsPerDay } from '../reseller-terms/buyer-terms.js';
import {
  bulkLineUsername,
  formatActivationCode,
  isAdminAccount,
  normalizeActivationCode,
  randomLinePassword,
  type ActivationBody,
  type ActivationResult,
  type LineWriteResult,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { planOfLine } from '../line-plans/line-plans.service.js';
import { announceNotices, nothingNotified, notify, type Notified } from '../notifications/notify.js';
import { answerChargedWrite } from '../lines/line-answer.js';
import { publishLineWrite } from '../lines/line-charge.js';
import { writeNewLine, type NewLineWritten } from '../lines/line-create-write.js';
import { lineCreateRepository } from '../lines/line-create.repository.js';
import { checkNewLine, checkRenewal, type LineBuyer } from '../lines/line-rules.js';
import { findVisible, inTransaction, lockVisible, today, type LineScope } from '../lines/line-scope.js';
import { pickServer } from '../lines/line-server-pick.js';
import { trialDays, trialLinesPerDay } from '../lines/line-settings.service.js';
import { requestDelivery, writeLineChange, type LineChanged } from '../lines/line-write.js';
import { publishCodeChange } from './activation-code-events.js';
import { toActivationCode } from './activation-code-mapper.js';
import { notUnusedRefusal, ownCodeOrNotFound } from './activation-code-void.service.js';
import { activationCodesRepository, type ActivationCodeRecord } from './activation-codes.repository.js';

/** A generated username: a fixed start and 6 random characters, as a bulk create names its lines. */
const GENERATED_USERNAME_PREFIX = 'ac';
/** Draws of a generated username before a taken one is given up on (each is 30 random bits). */
const USERNAME_DRAWS = 3;

/**
 * Takes the code for this activation inside the line's transaction: of concurrent activations (or an
 * activation racing a void or the expiry) only one gets the row; the others are told why not.
 */
async function claim(tx: Db, code: ActivationCodeRecord): Promise<void> {
  if (await activationCodesRepository.claimUnused(tx, code.id)) return;
  const now = await activationCodesRepository.findByCode(tx, code.code);
  if (now?.state === 'unused') throw new AppError('ACTIVATION_CODE_EXPIRED');
  throw notUnusedRefusal(now ?? { state: 'void' });
}

/** Refused before any line is read or written: a code that is gone, used, void or out of date. */
function assertUsable(code: ActivationCodeRecord): void {
  if (code.state !== 'unused') throw notUnusedRefusal(code);
  if (code.validUntil && code.validUntil.getTime() <= Date.now())
    throw new AppError('ACTIVATION_CODE_EXPIRED');
}

/**
 * Activates a code (its owner, or an admin): a new line for the code's owner, or a renewal of one of
 * the owner's lines. The line is checked by the shared rules (`checkNewLine`, `checkRenewal`) and
 * written by the same path as a create or a renewal (outbox, history, events), but charged nothing:
 * the code was paid for when it was generated. The code is taken in the line's own transaction, so a
 * failed line leaves the code unused, and many concurrent activations make exactly one line.
 *
 * The customer portal will call this with the code's owner as the actor.
 */
export async function activateCode(
  ctx: AppContext,
  actor: Actor,
  body: ActivationBody,
): Promise<ActivationResult> {
  const me = access.lines(actor).actor;
  const code = ownCodeOrNotFound(
    me,
    await activationCodesRepository.findByCode(ctx.db, normalizeActivationCode(body.code)),
  );
  assertUsable(code);
  const owner = await activationCodesRepository.findOwner(ctx.db, code.ownerId);
  if (!owner) throw new AppError('ACTIVATION_CODE_NOT_FOUND');
  const ownerIsAdmin = isAdminAccount({ is_admin: owner.isAdmin, group_id: owner.groupId });
  const buyer: LineBuyer = {
    id: owner.id,
    email: owner.email,
    isAdmin: ownerIsAdmin,
    terms: await buyerTerms(ctx.db, { id: owner.id, isAdmin: ownerIsAdmin }),
  };
  const result =
    body.line_id === null || body.line_id === undefined
      ? await activateIntoNewLine(ctx, me, code, buyer, body)
      : await activateIntoRenewal(ctx, me, code, buyer, body.line_id);
  await publishCodeChange(ctx, 'update', code);
  const row = await activationCodesRepository.findById(ctx.db, code.id);
  return { ...result, code: toActivationCode(row!) };
}

/**
 * The code's owner hears that it was used. Whoever activates it (the owner, a sub-account, a customer
 * in the portal, which acts as the owner), the notice is written with the claim.
 */
function noticeOfUse(
  ctx: AppContext,
  tx: Db,
  code: ActivationCodeRecord,
  line: { id: number; username: string },
  renewal: boolean,
): Promise<Notified> {
  return notify(ctx, tx, code.ownerId, {
    kind: 'activation_code_used',
    params: { code: formatActivationCode(code.code), line_id: line.id, username: line.username, renewal },
  });
}

async function activateIntoNewLine(
  ctx: AppContext,
  me: Actor,
  code: ActivationCodeRecord,
  buyer: LineBuyer,
  body: ActivationBody,
): Promise<LineWriteResult> {
  const plan = await planOfLine(ctx.db, code.planId);
  const server = await pickServer(ctx, body.server_id);
  const given = body.username?.trim();
  const password = body.password?.trim() || randomLinePassword();
  const start = today();
  const trial = code.isTrial ? await trialDays(ctx) : null;
  const trialLimit =
    code.isTrial && !buyer.isAdmin ? trialsPerDay(buyer.terms, await trialLinesPerDay(ctx)) : null;
  const delivery = requestDelivery(ctx);

  let written: NewLineWritten | undefined;
  let notified = nothingNotified();
  for (let draw = 1; !written; draw += 1) {
    const checked = checkNewLine({
      plan,
      server,
      username: given || bulkLineUsername(GENERATED_USERNAME_PREFIX),
      password,
      months: code.subscriptionMonths,
      trialDays: trial,
      buyer,
      today: start,
    });
    // Paid at generation: the line costs nothing now, whatever the plan's price has become.
    const paid = { ...checked, charge: 0, details: { ...checked.details, charged: 0 } };
    try {
      written = await inTransaction(ctx, async (tx) => {
        await claim(tx, code);
        if (
          trialLimit !== null &&
          !(await lineCreateRepository.claimTrial(tx, buyer.id, start, trialLimit))
        ) {
          throw new AppError('LINE_TRIAL_LIMIT_REACHED', { params: { limit: trialLimit } });
        }
        await assertLineRoom(tx, buyer.terms);
        const line = await writeNewLine(tx, paid, {
          actorId: me.id,
          delivery,
          details: { activation_code_id: code.id },
        });
        await activationCodesRepository.setLine(tx, code.id, line.line.id);
        notified = await noticeOfUse(ctx, tx, code, line.line, false);
        return line;
      });
    } catch (error) {
      // Only a username drawn here is drawn again; a chosen one that is taken is the caller's to change.
      const drawAgain = !given && draw < USERNAME_DRAWS;
      if (!(error instanceof AppError && error.code === 'LINE_USERNAME_TAKEN' && drawAgain)) throw error;
    }
  }
  const { line, claimed } = written;
  await publishLineWrite(ctx, 'insert', line);
  await announceNotices(ctx, notified);
  const shown = {
    serverName: server.serverName,
    serverProtocol: server.protocol,
    serverDesKey: server.newcamdDesKey,
  };
  const { replayed: _replayed, ...answer } = await answerChargedWrite(
    ctx,
    me,
    { line, server: shown, claimed },
    'add',
    0,
    null,
  );
  return answer;
}

async function activateIntoRenewal(
  ctx: AppContext,
  me: Actor,
  code: ActivationCodeRecord,
  buyer: LineBuyer,
  lineId: number,
): Promise<LineWriteResult> {
  if (code.isTrial || code.subscriptionMonths === null) {
    throw new AppError('ACTIVATION_CODE_TRIAL_NOT_RENEWABLE');
  }
  const months = code.subscriptionMonths;
  // The code renews only its owner's lines, whoever activates it.
  const scope: LineScope = { actor: me, ownerId: code.ownerId };
  const visible = await findVisible(ctx, scope, lineId);
  let renewed: LineChanged | undefined;
  let notified = nothingNotified();
  await inTransaction(ctx, async (tx) => {
    await claim(tx, code);
    const current = await lockVisible(tx, scope, lineId);
    // A code bought at one plan's price cannot extend a line of a dearer plan.
    if (current.planId !== code.planId) throw new AppError('ACTIVATION_CODE_PLAN_MISMATCH');
    const renewal = checkRenewal({
      plan: await planOfLine(tx, current.planId),
      line: current,
      months,
      payer: buyer.terms,
      today: today(),
    });
    renewed = await writeLineChange(tx, current, {
      values: renewal.values,
      history: [
        {
          actorId: me.id,
          action: 'renewed',
          details: { ...renewal.details, charged: 0, activation_code_id: code.id },
        },
      ],
      delivery: requestDelivery(ctx),
    });
    await activationCodesRepository.setLine(tx, code.id, lineId);
    notified = await noticeOfUse(ctx, tx, code, { id: lineId, username: current.username }, true);
  });
  const { line, claimed } = renewed!;
  await publishLineWrite(ctx, 'update', line);
  await announceNotices(ctx, notified);
  const server = {
    serverName: visible.serverName,
    serverProtocol: visible.serverProtocol,
    serverDesKey: visible.serverDesKey,
  };
  const { replayed: _replayed, ...answer } = await answerChargedWrite(
    ctx,
    me,
    { line, server, claimed },
    'renew',
    0,
    null,
  );
  return answer;
}
