import { assertAllowed, currentBuyerTerms } from '../reseller-terms/buyer-terms.js';
import type { LineRenewBody, LineWriteResult } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { runIdempotent, storedOutcome, type IdempotencyRequest } from '../credits/idempotency.js';
import { planForNewLine, planOfLine } from '../line-plans/line-plans.service.js';
import { serversRepository } from '../servers/servers.repository.js';
import { answerChargedWrite, NO_IDEMPOTENCY_KEY, replayedWrite, type StoredWrite } from './line-answer.js';
import { publishLineWrite } from './line-charge.js';
import { assertPlanFitsServer, checkRenewal } from './line-rules.js';
import { findVisible, lockVisible, today } from './line-scope.js';
import { requestDelivery, writeLineChange, type LineChanged } from './line-write.js';

/**
 * Renews a line: the months are added to the current expiry while it is still valid, else to today,
 * charged at the creation prices (admins free) in the same transaction. With `plan_id` the line moves
 * to that plan in the same write: priced on it, the days left topped up to it (`checkRenewal`), and
 * its server told the new plan's settings through the outbox like any renewal.
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
  const me = scope.actor;
  const terms = await currentBuyerTerms(ctx, me);
  // A plan the line moves to takes new lines and is one the payer may sell.
  const newPlan =
    body.plan_id === undefined || body.plan_id === visible.planId
      ? undefined
      : await planForNewLine(ctx, body.plan_id);
  if (newPlan) assertAllowed(terms, newPlan);
  let renewed: LineChanged | undefined;
  let charge = 0;

  // A retried renew with the same Idempotency-Key returns the first result instead of charging again.
  const outcome = await runIdempotent<StoredWrite>(ctx, keyed, 200, async (tx) => {
    const current = await lockVisible(tx, scope, id);
    // The line's own plan prices its renewal, archived or not; read under the lock, so a renewal that
    // waited for another one that moved the line prices from the plan the line is on now.
    const plan = await planOfLine(tx, current.planId);
    const moving = newPlan && newPlan.id !== current.planId ? newPlan : undefined;
    // The plan it moves to must fit the line's server, as a plan change must.
    const server =
      moving && current.serverId !== null
        ? await serversRepository.findById(tx, current.serverId)
        : undefined;
    if (moving && server) assertPlanFitsServer(moving, current.restrictionOverrides, server);
    const renewal = checkRenewal({
      plan,
      newPlan: moving,
      line: current,
      months: body.subscription_months,
      payer: terms,
      today: today(),
    });
    charge = renewal.charge;
    renewed = await writeLineChange(tx, current, {
      values: renewal.values,
      charge: { accountId: me.id, actorId: me.id, amount: charge, reason: 'line_renew' },
      history: [{ actorId: me.id, action: 'renewed', details: renewal.details }],
      delivery: requestDelivery(ctx),
    });
    return { line_id: id, charged: charge, balance: renewed.charged?.balance ?? null };
  });
  if (outcome.replayed || !renewed) return replayedWrite(ctx, { ...outcome.body, line_id: id });
  const { line, charged, claimed } = renewed;

  await publishLineWrite(ctx, 'update', line, charged && { accountId: me.id, ownerId: charged.ownerId });
  // The server of the line as it was read before the renewal; a renewal does not move it.
  const server =
    line.serverId === visible.serverId
      ? {
          serverName: visible.serverName,
          serverProtocol: visible.serverProtocol,
          serverDesKey: visible.serverDesKey,
        }
      : { serverName: null, serverProtocol: null, serverDesKey: null };
  return answerChargedWrite(ctx, me, { line, server, claimed }, 'renew', charge, charged?.balance ?? null);
}
