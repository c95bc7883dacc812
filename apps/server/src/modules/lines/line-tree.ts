import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { resellerTermsRepository } from '../reseller-terms/reseller-terms.repository.js';
import { linesRepository, type LineRecord } from './lines.repository.js';

/**
 * Whether `accountId` is the actor or an account below them (a sub-reseller, its sub-resellers...):
 * admins reach every account (a scoped staff member acting as one, its scope's). The walk up from the account stops after 50 levels.
 */
export async function inActorsTree(db: Db, actor: Actor, accountId: string | null): Promise<boolean> {
  // A staff member acting as an admin reaches the accounts of its scope only.
  if (actor.isAdmin) return access.inStaffScope(actor, accountId);
  if (accountId === null) return false;
  if (accountId === actor.id) return true;
  const chain = await resellerTermsRepository.chain(db, accountId);
  return chain.some((link) => link.accountId === actor.id);
}

/**
 * The line under its row lock, when its owner is the actor or below them in the tree (a parent acts
 * on its sub-resellers' lines); anyone else's line answers LINE_NOT_FOUND like a missing one.
 */
export async function lockLineInTree(tx: Db, actor: Actor, id: number): Promise<LineRecord> {
  const line = await linesRepository.lockById(tx, id);
  if (!line || !(await inActorsTree(tx, actor, line.ownerId))) throw new AppError('LINE_NOT_FOUND');
  return line;
}
