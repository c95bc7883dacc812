import type { CreditAmountBody, CreditOperationResult, LedgerEntry, SetCreditsBody } from '@linedesk/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { authUsers } from '../../db/schema.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { publishBalanceChange } from '../credits/credit-events.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { recordAudit } from '../audit/audit.service.js';
import { runIdempotent, type IdempotentOutcome } from '../credits/idempotency.js';
import { toLedgerEntry } from '../credits/ledger-mapper.js';
import { ledgerRepository } from '../credits/ledger.repository.js';
import { accountsRepository, type AccountRow } from './accounts.repository.js';

export type CreditRequest<B> = { id: string; body: B; idempotencyKey: string | undefined; scope: string };

async function currentBalance(tx: Db, id: string): Promise<{ credits: number; groupId: number }> {
  const [row] = await tx
    .select({ credits: authUsers.credits, groupId: authUsers.groupId })
    .from(authUsers)
    .where(eq(authUsers.id, id));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

async function result(
  tx: Db,
  accountId: string,
  entryId: number | null,
  kind: CreditOperationResult['kind'],
  actorCredits: number | null,
): Promise<CreditOperationResult> {
  const balance = await currentBalance(tx, accountId);
  return {
    account_id: accountId,
    credits: balance.credits,
    group_id: balance.groupId,
    entry: entryId === null ? null : await ledgerEntry(tx, entryId),
    kind,
    actor_credits: actorCredits,
  };
}

/** Another owner's account answers 404 (never 403), like every row that is not the caller's. */
async function targetOf(ctx: AppContext, actor: Actor, id: string): Promise<AccountRow> {
  const target = await accountsRepository.findById(ctx.db, id);
  if (!target) throw new AppError('USER_NOT_FOUND');
  if (!actor.isAdmin && target.ownerId !== actor.id) {
    if (target.id === actor.id) throw new AppError('TRANSFER_TO_SELF');
    throw new AppError('USER_NOT_FOUND');
  }
  return target;
}

async function ledgerEntry(db: Db, id: number): Promise<LedgerEntry | null> {
  const row = await ledgerRepository.findById(db, id);
  return row ? toLedgerEntry(row) : null;
}

/**
 * Moves `amount` from the actor's balance to the target's: both rows are locked in id order first, so
 * two transfers between the same accounts cannot deadlock; the spend side refuses to go below 0.
 */
async function transferIn(
  tx: Db,
  actor: Actor,
  target: AccountRow,
  body: CreditAmountBody,
): Promise<CreditOperationResult> {
  await tx
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(inArray(authUsers.id, [actor.id, target.id]))
    .orderBy(asc(authUsers.id))
    .for('update');
  const out = await creditLedger.change(tx, {
    accountId: actor.id,
    delta: -body.amount,
    reason: 'transfer_out',
    actorId: actor.id,
    refType: 'account',
    refId: target.id,
    note: body.note,
  });
  const into = await creditLedger.change(tx, {
    accountId: target.id,
    delta: body.amount,
    reason: 'transfer_in',
    actorId: actor.id,
    refType: 'account',
    refId: actor.id,
    note: body.note,
  });
  await recordAudit(tx, actor, {
    action: 'credits.transfer',
    target,
    before: { credits: into.balance - body.amount },
    after: { credits: into.balance, from_balance: out.balance, note: body.note ?? null },
  });
  return result(tx, target.id, into.entryId, 'transfer', out.balance);
}

async function publishTransfer(ctx: AppContext, actor: Actor, target: AccountRow) {
  await publishBalanceChange(ctx, target);
  const self = await accountsRepository.findById(ctx.db, actor.id);
  await publishBalanceChange(ctx, { id: actor.id, ownerId: self?.ownerId ?? null });
}

/**
 * "Add credits" for holders of add_credits. Admins create credits on any account (ledger reason
 * 'add'); a reseller cannot create credits, so its add to one of its sub-accounts is a transfer
 * from its own balance (never more than it holds).
 */
export async function addCredits(
  ctx: AppContext,
  signedIn: Actor,
  request: CreditRequest<CreditAmountBody>,
): Promise<IdempotentOutcome<CreditOperationResult>> {
  const target = await targetOf(ctx, signedIn, request.id);
  const outcome = await runIdempotent(
    ctx,
    { accountId: signedIn.id, key: request.idempotencyKey, scope: request.scope, body: request.body },
    200,
    async (tx) => {
      if (!signedIn.isAdmin) return transferIn(tx, signedIn, target, request.body);
      const added = await creditLedger.change(tx, {
        accountId: target.id,
        delta: request.body.amount,
        reason: 'add',
        actorId: signedIn.id,
        note: request.body.note,
      });
      await recordAudit(tx, signedIn, {
        action: 'credits.add',
        target,
        before: { credits: added.balance - request.body.amount },
        after: { credits: added.balance, note: request.body.note ?? null },
      });
      return result(tx, target.id, added.entryId, 'add', null);
    },
  );
  if (!outcome.replayed) {
    if (outcome.body.kind === 'transfer') await publishTransfer(ctx, signedIn, target);
    else await publishBalanceChange(ctx, target);
  }
  return outcome;
}

/** Explicit transfer of part of the caller's own balance to an account it owns (admins: any other). */
export async function transferCredits(
  ctx: AppContext,
  signedIn: Actor,
  request: CreditRequest<CreditAmountBody>,
): Promise<IdempotentOutcome<CreditOperationResult>> {
  const target = await targetOf(ctx, signedIn, request.id);
  if (target.id === signedIn.id) throw new AppError('TRANSFER_TO_SELF');
  const outcome = await runIdempotent(
    ctx,
    { accountId: signedIn.id, key: request.idempotencyKey, scope: request.scope, body: request.body },
    200,
    (tx) => transferIn(tx, signedIn, target, request.body),
  );
  if (!outcome.replayed) await publishTransfer(ctx, signedIn, target);
  return outcome;
}

/** Admins set a balance; recorded in the ledger as the difference (reason 'set'). */
export async function setCredits(
  ctx: AppContext,
  admin: Actor,
  request: CreditRequest<SetCreditsBody>,
): Promise<IdempotentOutcome<CreditOperationResult>> {
  const target = await accountsRepository.findById(ctx.db, request.id);
  if (!target) throw new AppError('USER_NOT_FOUND');
  const outcome = await runIdempotent(
    ctx,
    { accountId: admin.id, key: request.idempotencyKey, scope: request.scope, body: request.body },
    200,
    async (tx) => {
      const changed = await creditLedger.setBalance(tx, {
        accountId: target.id,
        credits: request.body.credits,
        actorId: admin.id,
        note: request.body.note,
      });
      const answer = await result(tx, target.id, changed?.entryId ?? null, 'set', null);
      if (answer.entry)
        await recordAudit(tx, admin, {
          action: 'credits.set',
          target,
          before: { credits: answer.credits - answer.entry.delta },
          after: { credits: answer.credits, note: request.body.note ?? null },
        });
      return answer;
    },
  );
  if (!outcome.replayed && outcome.body.entry) await publishBalanceChange(ctx, target);
  return outcome;
}
