import {
  isAdminAccount,
  maySellLines,
  type ChangeEvent,
  type LineTransferBody,
  type LineTransferResult,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { balanceEvents } from '../credits/credit-events.js';
import { creditLedger, type CreditChangeResult } from '../credits/credit-ledger.js';
import { resellerTermsRepository } from '../reseller-terms/reseller-terms.repository.js';
import { lineEvent } from './line-events.js';
import { lineHistoryRepository } from './line-history.repository.js';
import { inTransaction } from './line-scope.js';
import { lineTransferRepository } from './line-transfer.repository.js';
import { inActorsTree } from './line-tree.js';

type Owned = { id: number; ownerId: string | null; ownerEmail: string | null };

/**
 * Gives lines to another account (docs/resellers.md, "Giving lines to another reseller"): admins
 * from and to anyone, a reseller from and to accounts of their own tree (themselves included). The
 * lines keep their history, renewal requests and dates; only the owner changes, with a `moved` row
 * in each line's history. Credits move only when asked, from the lines' one owner to the target,
 * through the ledger, in the same transaction. Refused whole: a line outside the mover's tree, a
 * target outside it, or a target (or an account above it) whose line limit the lines would pass.
 */
export async function transferLines(
  ctx: AppContext,
  actor: Actor,
  body: LineTransferBody,
): Promise<LineTransferResult> {
  const me = access.lines(actor).actor;
  const target = await lineTransferRepository.account(ctx.db, body.target_account_id);
  if (!target || !(await inActorsTree(ctx.db, me, target.id))) {
    throw new AppError('LINE_TRANSFER_TARGET_NOT_FOUND');
  }
  const targetIsAdmin = isAdminAccount({ is_admin: target.isAdmin, group_id: target.groupId });
  if (!maySellLines({ isAdmin: targetIsAdmin, permissions: target.permissions ?? [] })) {
    throw new AppError('LINE_TRANSFER_TARGET_NOT_RESELLER');
  }
  const ids = [...new Set(body.ids)];
  const events: ChangeEvent[] = [];
  const result = await inTransaction(ctx, async (tx) => {
    // The target's line limits first (top of the tree down, as a create takes them), then the lines.
    const limited = targetIsAdmin ? [] : await limitedAbove(tx, target.id);
    await resellerTermsRepository.lockAccounts(
      tx,
      limited.map((link) => link.accountId),
    );
    const owned = await lineTransferRepository.lockOwners(tx, ids);
    if (owned.length !== ids.length) throw new AppError('LINE_NOT_FOUND');
    for (const owner of new Set(owned.map((line) => line.ownerId))) {
      if (!(await inActorsTree(tx, me, owner))) throw new AppError('LINE_NOT_FOUND');
    }
    const moving = owned.filter((line) => line.ownerId !== target.id);
    await assertRoom(tx, limited, moving);
    await lineTransferRepository.setOwner(
      tx,
      moving.map((line) => line.id),
      target,
    );
    for (const line of moving) {
      await lineHistoryRepository.insert(tx, {
        lineId: line.id,
        ownerId: target.id,
        actorId: me.id,
        action: 'moved',
        details: { from: line.ownerEmail, to: target.email, from_id: line.ownerId, to_id: target.id },
      });
      events.push(lineEvent('update', { id: line.id, ownerId: line.ownerId }));
      events.push(lineEvent('update', { id: line.id, ownerId: target.id }));
    }
    const credits = body.credits ?? 0;
    if (credits > 0) events.push(...(await moveCredits(tx, me, owned, target, credits)));
    return { moved: moving.length, unchanged: owned.length - moving.length, credits_moved: credits };
  });
  await ctx.bus.publishAll(events);
  return { ...result, target_account_id: target.id, target_email: target.email };
}

type Limited = { accountId: string; email: string; depth: number; maxLines: number };

/** The target and the accounts above it that have a line limit, top of the tree first. */
async function limitedAbove(tx: Db, accountId: string): Promise<Limited[]> {
  const chain = await resellerTermsRepository.chain(tx, accountId);
  return chain
    .filter((link) => link.limits.max_lines !== null)
    .map((link) => ({ ...link, maxLines: link.limits.max_lines! }))
    .sort((a, b) => b.depth - a.depth);
}

/**
 * Each limited account counts the lines coming from outside its own tree (a line moving within it
 * changes nothing of its count) and refuses more than its limit leaves room for.
 */
async function assertRoom(tx: Db, limited: Limited[], moving: Owned[]): Promise<void> {
  if (limited.length === 0 || moving.length === 0) return;
  const chains = new Map<string | null, Set<string>>();
  for (const owner of new Set(moving.map((line) => line.ownerId))) {
    const above = owner === null ? [] : await resellerTermsRepository.chain(tx, owner);
    chains.set(owner, new Set(above.map((link) => link.accountId)));
  }
  for (const link of limited) {
    const adding = moving.filter((line) => !chains.get(line.ownerId)!.has(link.accountId)).length;
    if (adding === 0) continue;
    const current = await resellerTermsRepository.subtreeLines(tx, link.accountId);
    if (current + adding > link.maxLines) {
      throw new AppError('LINE_LIMIT_REACHED', { params: { limit: link.maxLines, account: link.email } });
    }
  }
}

/**
 * The asked credits from the lines' owner to the target: two ledger rows, written in account id
 * order so two transfers in opposite directions take the two rows' locks in the same order.
 */
async function moveCredits(
  tx: Db,
  me: Actor,
  owned: Owned[],
  target: { id: string },
  credits: number,
): Promise<ChangeEvent[]> {
  const owners = new Set(owned.map((line) => line.ownerId));
  const [source] = owners;
  if (owners.size !== 1 || !source || source === target.id) {
    throw new AppError('LINE_TRANSFER_CREDITS_ONE_OWNER');
  }
  const changes = [
    { accountId: source, delta: -credits, reason: 'transfer_out' as const },
    { accountId: target.id, delta: credits, reason: 'transfer_in' as const },
  ].sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  const events: ChangeEvent[] = [];
  for (const change of changes) {
    const done: CreditChangeResult = await creditLedger.change(tx, {
      ...change,
      actorId: me.id,
      refType: 'line_transfer',
      refId: owned
        .map((line) => line.id)
        .join(',')
        .slice(0, 200),
      note: `${owned.length} line(s)`,
    });
    events.push(...balanceEvents({ id: change.accountId, ownerId: done.ownerId }));
  }
  return events;
}
