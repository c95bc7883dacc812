import { isAdminAccount, maySellLines, type ChangeEvent } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { balanceEvents } from '../credits/credit-events.js';
import { creditLedger, type CreditChangeResult } from '../credits/credit-ledger.js';
import { resellerTermsRepository } from '../reseller-terms/reseller-terms.repository.js';
import { lineGiveRepository } from './line-give.repository.js';
import { inActorsTree } from './line-tree.js';

/**
 * The rules of giving lines to another account (docs/resellers.md, "Giving lines to another
 * reseller"), in one place: the bulk action `move` checks them when it is previewed and started,
 * and again for each line as its job moves it.
 */

export type GiveTarget = { id: string; email: string; isAdmin: boolean };
type Limited = { accountId: string; email: string; depth: number; maxLines: number };

/**
 * The account lines go to: one of the mover's tree (admins: anyone; a reseller: itself or an
 * account below it), able to own lines (a reseller or an admin).
 */
export async function giveTarget(db: Db, mover: Actor, accountId: string): Promise<GiveTarget> {
  const target = await lineGiveRepository.account(db, accountId);
  if (!target || !(await inActorsTree(db, mover, target.id))) {
    throw new AppError('LINE_TRANSFER_TARGET_NOT_FOUND');
  }
  const isAdmin = isAdminAccount({ is_admin: target.isAdmin, group_id: target.groupId });
  if (!maySellLines({ isAdmin, permissions: target.permissions ?? [] })) {
    throw new AppError('LINE_TRANSFER_TARGET_NOT_RESELLER');
  }
  return { id: target.id, email: target.email, isAdmin };
}

/** The target and the accounts above it that have a line limit, top of the tree first. */
async function limitedAbove(db: Db, target: GiveTarget): Promise<Limited[]> {
  if (target.isAdmin) return [];
  const chain = await resellerTermsRepository.chain(db, target.id);
  return chain
    .filter((link) => link.limits.max_lines !== null)
    .map((link) => ({ ...link, maxLines: link.limits.max_lines! }))
    .sort((a, b) => b.depth - a.depth);
}

/**
 * Whether the target's tree has room for these lines (their owners given): each account with a line
 * limit, the target or one above it, counts the lines coming from outside its own tree (a line
 * moving within it changes nothing of its count) and refuses more than its limit leaves room for,
 * with LINE_LIMIT_REACHED naming the limit and the account. With `lock`, the limited accounts are
 * locked first (top of the tree down, as a create takes them), so two moves into one tree queue.
 */
export async function assertGiveRoom(
  db: Db,
  target: GiveTarget,
  moving: { ownerId: string | null }[],
  options: { lock?: boolean } = {},
): Promise<void> {
  const limited = await limitedAbove(db, target);
  if (options.lock) {
    await resellerTermsRepository.lockAccounts(
      db,
      limited.map((link) => link.accountId),
    );
  }
  const from = moving.filter((line) => line.ownerId !== target.id);
  if (limited.length === 0 || from.length === 0) return;
  const chains = new Map<string | null, Set<string>>();
  for (const owner of new Set(from.map((line) => line.ownerId))) {
    const above = owner === null ? [] : await resellerTermsRepository.chain(db, owner);
    chains.set(owner, new Set(above.map((link) => link.accountId)));
  }
  for (const link of limited) {
    const adding = from.filter((line) => !chains.get(line.ownerId)!.has(link.accountId)).length;
    if (adding === 0) continue;
    const current = await resellerTermsRepository.subtreeLines(db, link.accountId);
    if (current + adding > link.maxLines) {
      throw new AppError('LINE_LIMIT_REACHED', { params: { limit: link.maxLines, account: link.email } });
    }
  }
}

/**
 * Credits asked to go with the lines, from their one owner to the target: two ledger rows in the
 * caller's transaction, written in account id order so two gives in opposite directions take the two
 * balances' locks in the same order. Lines of several owners (or already the target's) carry none.
 */
export async function giveCredits(
  tx: Db,
  mover: Actor,
  owners: Set<string | null>,
  target: GiveTarget,
  credits: number,
  ref: { id: string; note: string },
): Promise<ChangeEvent[]> {
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
      actorId: mover.id,
      refType: 'line_transfer',
      refId: ref.id,
      note: ref.note,
    });
    events.push(...balanceEvents({ id: change.accountId, ownerId: done.ownerId }));
  }
  return events;
}
