import { resellerPricesBodySchema, type GroupPrices, type ResellerPricesBody } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { audited } from '../audit/audit.service.js';
import { groupsRepository } from '../groups/groups.repository.js';
import { resellerTermsRepository } from './reseller-terms.repository.js';
import { rulesWithPlans } from './reseller-terms.service.js';

/**
 * A tier is a group: every account already has exactly one, an admin names and fills them on the
 * groups screen (a "Gold" group with the resellers' permissions), and a reseller group is what the
 * panels this one replaces price by. Only an admin prices a tier, so there is no floor: like an
 * account's own list set by an admin, a tier may price below what a member's parent pays.
 */
async function groupOrNotFound(db: Db, id: number) {
  const group = await groupsRepository.findById(db, id);
  if (!group) throw new AppError('GROUP_NOT_FOUND');
  return group;
}

export async function getTierPrices(ctx: AppContext, id: number): Promise<GroupPrices> {
  const group = await groupOrNotFound(ctx.db, id);
  return { group_id: group.id, prices: await resellerTermsRepository.groupPrices(ctx.db, group.id) };
}

/** Replaces the tier's price list; each row must name a plan and a duration it sells. */
export async function setTierPrices(
  ctx: AppContext,
  admin: Actor,
  id: number,
  input: ResellerPricesBody,
): Promise<GroupPrices> {
  const group = await groupOrNotFound(ctx.db, id);
  const { prices } = resellerPricesBodySchema.parse(input);
  await rulesWithPlans(ctx.db, prices);
  const subject = {
    action: 'group.prices' as const,
    entity: { type: 'group' as const, id: group.id },
    read: async (db: Db) => ({ prices: await resellerTermsRepository.groupPrices(db, group.id) }),
  };
  await audited(ctx, admin, subject, async (tx) => {
    // Under the group's lock: a delete of the group between the check and the write waits for it.
    if (!(await resellerTermsRepository.lockGroup(tx, group.id))) throw new AppError('GROUP_NOT_FOUND');
    await resellerTermsRepository.replaceGroupPrices(tx, group.id, prices, admin.id);
  });
  // Every member's plan pickers show their prices: the members' accounts changed for whoever sees them.
  await ctx.bus.publish({ table: 'groups', action: 'update', id: String(group.id), audience: [] });
  return getTierPrices(ctx, group.id);
}
