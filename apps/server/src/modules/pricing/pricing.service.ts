import {
  creditPackageBodySchema,
  linePriceList,
  type CreditPackage,
  type CreditPackageBody,
  type CreditPackagePatch,
  type Pricing,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { audited } from '../audit/audit.service.js';
import { toCreditPackage } from './pricing-mapper.js';
import { pricingRepository } from './pricing.repository.js';

type PackageRow = Awaited<ReturnType<typeof pricingRepository.insert>>;
const packageEntity = (id: number) => ({ type: 'credit_package' as const, id });
const readPackage = (id: number) => async (db: Db) => {
  const row = await pricingRepository.findById(db, id);
  return row ? toCreditPackage(row) : null;
};

async function publish(ctx: AppContext, action: 'insert' | 'update' | 'delete', id: number) {
  await ctx.bus.publish({ table: 'credit_packages', action, id: String(id), audience: 'all' });
}

/** Active packages for everyone signed in; admins may ask for the inactive ones too. */
export async function listCreditPackages(
  ctx: AppContext,
  signedIn: Actor,
  includeInactive: boolean,
): Promise<CreditPackage[]> {
  const rows = await pricingRepository.list(ctx.db, { includeInactive: includeInactive && signedIn.isAdmin });
  return rows.map(toCreditPackage);
}

export async function createCreditPackage(
  ctx: AppContext,
  admin: Actor,
  input: CreditPackageBody,
): Promise<CreditPackage> {
  const body = creditPackageBodySchema.parse(input);
  const subject = {
    action: 'credit_package.create' as const,
    entity: (r: PackageRow) => packageEntity(r.id),
    read: async (_db: Db, r: PackageRow | undefined) => (r ? toCreditPackage(r) : null),
  };
  const row = await audited(ctx, admin, subject, (tx) =>
    pricingRepository.insert(tx, {
      name: body.name,
      credits: body.credits,
      priceCents: body.price_cents,
      currency: body.currency,
      highlight: body.highlight,
      sortOrder: body.sort_order,
      isActive: body.is_active,
    }),
  );
  await publish(ctx, 'insert', row.id);
  return toCreditPackage(row);
}

export async function updateCreditPackage(
  ctx: AppContext,
  admin: Actor,
  id: number,
  patch: CreditPackagePatch,
): Promise<CreditPackage> {
  const subject = {
    action: 'credit_package.update' as const,
    entity: packageEntity(id),
    read: readPackage(id),
  };
  const row = await audited(ctx, admin, subject, (tx) =>
    pricingRepository.update(tx, id, {
      name: patch.name,
      credits: patch.credits,
      priceCents: patch.price_cents,
      currency: patch.currency,
      highlight: patch.highlight,
      sortOrder: patch.sort_order,
      isActive: patch.is_active,
    }),
  );
  if (!row) throw new AppError('CREDIT_PACKAGE_NOT_FOUND');
  await publish(ctx, 'update', id);
  return toCreditPackage(row);
}

/** Top-up requests keep their own copy of name, credits and price, so deleting never changes them. */
export async function deleteCreditPackage(ctx: AppContext, admin: Actor, id: number): Promise<void> {
  const subject = {
    action: 'credit_package.delete' as const,
    entity: packageEntity(id),
    read: readPackage(id),
  };
  if (!(await audited(ctx, admin, subject, (tx) => pricingRepository.delete(tx, id))))
    throw new AppError('CREDIT_PACKAGE_NOT_FOUND');
  await publish(ctx, 'delete', id);
}

/** /products: what each line duration costs in credits and the packages on sale. */
export async function getPricing(ctx: AppContext): Promise<Pricing> {
  const rows = await pricingRepository.list(ctx.db, { includeInactive: false });
  return { line_prices: linePriceList(), trial_credits: 0, packages: rows.map(toCreditPackage) };
}
