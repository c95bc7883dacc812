import type { AdoptionBody, AdoptionPreview } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { decideAdoption } from './adoption-decision.js';

/** What adopting these accounts would do, per account, and what it would cost the owner. */
export async function previewAdoption(
  ctx: AppContext,
  actor: Actor,
  serverId: number,
  body: AdoptionBody,
): Promise<AdoptionPreview> {
  access.admin(actor);
  const { items, price, owner } = await decideAdoption(ctx, serverId, body);
  const adoptable = items.filter((item) => item.status === 'adoptable').length;
  return {
    items: items.map((item) => ({
      username: item.username,
      status: item.status,
      reason: item.reason,
      problems: item.problems,
      expiry_date: item.expiryDate,
      entry: item.entry,
    })),
    adoptable,
    refused: items.filter((item) => item.status === 'refused').length,
    total_credits: adoptable * price,
    owner_balance: owner.credits,
  };
}
