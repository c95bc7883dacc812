import {
  EMPTY_SELLER_DETAILS,
  type BillingDetails,
  type SellerDetails,
  type SellerDetailsInput,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';
import { updateSetting } from '../settings/app-settings.service.js';
import { billingRepository } from './billing.repository.js';

const SELLER_KEY = 'seller_details';

/** The panel's seller details over the empty ones, so a field added later reads as not given. */
export async function readSellerDetails(db: Db): Promise<SellerDetails> {
  const stored = await appSettingsRepository.get<Partial<SellerDetails>>(db, SELLER_KEY, {});
  return { ...EMPTY_SELLER_DETAILS, ...stored };
}

export async function getSellerDetails(ctx: AppContext, actor: Actor): Promise<SellerDetails> {
  access.admin(actor);
  return readSellerDetails(ctx.db);
}

export async function setSellerDetails(
  ctx: AppContext,
  actor: Actor,
  body: Required<SellerDetailsInput>,
): Promise<SellerDetails> {
  const admin = access.admin(actor);
  const details: SellerDetails = {
    company_name: body.company_name,
    address: body.address,
    tax_id: body.tax_id,
  };
  await updateSetting(ctx, admin, SELLER_KEY, details);
  await ctx.bus.publish({ table: 'app_settings', action: 'update', id: SELLER_KEY, audience: [] });
  return details;
}

/** The signed-in account's own billing details (the buyer on its receipts). */
export async function getMyBilling(ctx: AppContext, actor: Actor): Promise<BillingDetails> {
  return billingRepository.find(ctx.db, actor.id);
}

export async function setMyBilling(
  ctx: AppContext,
  actor: Actor,
  body: BillingDetails,
): Promise<BillingDetails> {
  const details: BillingDetails = { name: body.name, address: body.address, tax_id: body.tax_id };
  await billingRepository.save(ctx.db, actor.id, details);
  return details;
}
