import {
  paymentMethodCreateBodySchema,
  paymentMethodKindFields,
  type AuditValues,
  type InstructionTranslations,
  type AvailablePaymentMethod,
  type Currency,
  type PaymentMethod,
  type PaymentMethodCreateBody,
  type PaymentMethodKind,
  type PaymentMethodPatch,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { audited } from '../audit/audit.service.js';
import { onlineKinds } from './providers/payment-providers.js';
import { toAvailablePaymentMethod, toPaymentMethod } from './payment-method-mapper.js';
import {
  paymentMethodsRepository,
  type PaymentMethodRow,
  type PaymentMethodValues,
} from './payment-methods.repository.js';
import { topUpProviderRepository } from '../topups/topup-provider.repository.js';

/** The kinds a reseller can pay with: manual ones and every kind with a provider. */
export const payableKinds: PaymentMethodKind[] = ['manual', ...onlineKinds];

async function publish(ctx: AppContext, action: 'insert' | 'update' | 'delete', id: number) {
  // Everyone signed in: resellers' lists of methods to pay with change too. The event carries no settings.
  await ctx.bus.publish({ table: 'payment_methods', action, id: String(id), audience: 'all' });
}

/**
 * What the audit log keeps of a method: its settings as the admin sees them, and its keys as sealed,
 * so a replaced key shows as "changed" and no key, sealed or not, is ever written to the log.
 */
function auditValues(row: PaymentMethodRow | undefined): AuditValues | null {
  if (!row) return null;
  return {
    ...toPaymentMethod(row),
    secret_key: row.secretKeySealed,
    webhook_secret: row.webhookSecretSealed,
    api_key: row.apiKeySealed,
  };
}

const methodEntity = (id: number) => ({ type: 'payment_method' as const, id });
const readMethod = (id: number) => async (db: Db) =>
  auditValues(await paymentMethodsRepository.findById(db, id));

const seal = (ctx: AppContext, secret: string | undefined) =>
  secret === undefined ? undefined : ctx.paymentSecrets.encrypt(secret);

export async function listPaymentMethods(ctx: AppContext, _admin: Actor): Promise<PaymentMethod[]> {
  return (await paymentMethodsRepository.list(ctx.db)).map(toPaymentMethod);
}

export async function listAvailablePaymentMethods(
  ctx: AppContext,
  _signedIn: Actor,
  currency: Currency | undefined,
): Promise<AvailablePaymentMethod[]> {
  const rows = await paymentMethodsRepository.listEnabled(ctx.db, { kinds: payableKinds, currency });
  return rows.map(toAvailablePaymentMethod);
}

/** Languages left empty are not stored: they show the default instructions. */
function withoutEmpty(translations: InstructionTranslations | undefined): InstructionTranslations {
  return Object.fromEntries(
    Object.entries(translations ?? {}).filter(([, text]) => text !== undefined && text.trim() !== ''),
  );
}

export async function createPaymentMethod(
  ctx: AppContext,
  admin: Actor,
  input: PaymentMethodCreateBody,
): Promise<PaymentMethod> {
  const body = paymentMethodCreateBodySchema.parse(input);
  const values: PaymentMethodValues = {
    kind: body.kind,
    name: body.name,
    enabled: body.enabled,
    currency: body.currency,
    feeBps: body.fee_bps,
  };
  if (body.kind === 'manual') {
    values.instructions = body.instructions;
    values.instructionsI18n = withoutEmpty(body.instructions_translations);
    values.channel = body.channel;
    values.proofRequired = body.proof_required;
  } else if (body.kind === 'stripe') {
    values.secretKeySealed = seal(ctx, body.secret_key);
    values.webhookSecretSealed = seal(ctx, body.webhook_secret);
  } else {
    values.serverUrl = body.server_url;
    values.storeId = body.store_id;
    values.apiKeySealed = seal(ctx, body.api_key);
    values.webhookSecretSealed = seal(ctx, body.webhook_secret);
  }
  const subject = {
    action: 'payment_method.create' as const,
    entity: (r: PaymentMethodRow) => methodEntity(r.id),
    read: async (_db: Db, r: PaymentMethodRow | undefined) => auditValues(r),
  };
  const row = await audited(ctx, admin, subject, (tx) => paymentMethodsRepository.insert(tx, values));
  await publish(ctx, 'insert', row.id);
  return toPaymentMethod(row);
}

/** A field of another kind would be stored where nothing reads it: refused rather than kept. */
function checkFieldsFit(kind: PaymentMethodKind, patch: PaymentMethodPatch): void {
  const kindFields = Object.values(paymentMethodKindFields).flat();
  const own = new Set(paymentMethodKindFields[kind]);
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (kindFields.includes(field as keyof PaymentMethodPatch) && !own.has(field as keyof PaymentMethodPatch))
      throw new AppError('PAYMENT_METHOD_SETTINGS_INVALID');
  }
}

export async function updatePaymentMethod(
  ctx: AppContext,
  admin: Actor,
  id: number,
  patch: PaymentMethodPatch,
): Promise<PaymentMethod> {
  const existing: PaymentMethodRow | undefined = await paymentMethodsRepository.findById(ctx.db, id);
  if (!existing) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  checkFieldsFit(existing.kind, patch);
  const subject = {
    action: 'payment_method.update' as const,
    entity: methodEntity(id),
    read: readMethod(id),
  };
  const row = await audited(ctx, admin, subject, (tx) =>
    paymentMethodsRepository.update(tx, id, {
      name: patch.name,
      enabled: patch.enabled,
      currency: patch.currency,
      feeBps: patch.fee_bps,
      instructions: patch.instructions,
      instructionsI18n: patch.instructions_translations && withoutEmpty(patch.instructions_translations),
      channel: patch.channel,
      proofRequired: patch.proof_required,
      serverUrl: patch.server_url,
      storeId: patch.store_id,
      secretKeySealed: seal(ctx, patch.secret_key),
      webhookSecretSealed: seal(ctx, patch.webhook_secret),
      apiKeySealed: seal(ctx, patch.api_key),
    }),
  );
  if (!row) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  await publish(ctx, 'update', id);
  return toPaymentMethod(row);
}

/**
 * Requests made with the method keep their copy of its name, kind, fee and instructions. An online
 * method whose checkouts are still open is kept: only its webhook secret can confirm their payments,
 * which would otherwise be paid and never credited. The count is taken in the delete's transaction,
 * under the method's row lock that a new request's foreign key waits on.
 */
export async function deletePaymentMethod(ctx: AppContext, admin: Actor, id: number): Promise<void> {
  const subject = {
    action: 'payment_method.delete' as const,
    entity: methodEntity(id),
    read: readMethod(id),
  };
  const deleted = await audited(ctx, admin, subject, async (tx) => {
    if (!(await paymentMethodsRepository.lockForDelete(tx, id))) return false;
    const open = await topUpProviderRepository.countOpenCheckouts(tx, id);
    if (open > 0) throw new AppError('PAYMENT_METHOD_IN_USE', { params: { count: open } });
    return paymentMethodsRepository.delete(tx, id);
  });
  if (!deleted) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  await publish(ctx, 'delete', id);
}
