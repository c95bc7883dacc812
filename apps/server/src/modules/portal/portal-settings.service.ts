import type { PortalSettingsAnswer, PortalSettingsBody } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { portalRepository } from './portal.repository.js';

/** Where customers find the portal: the panel's public address, as mails link to it. */
export function portalAddress(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/my`;
}

/**
 * Whether the caller's customers may use the portal, the contact it shows them, and how many days
 * before expiry they are mailed a reminder; and the portal's address, which codes are printed with.
 */
export async function getPortalSettings(ctx: AppContext, actor: Actor): Promise<PortalSettingsAnswer> {
  const me = access.lines(actor).actor;
  const owner = await portalRepository.findOwner(ctx.db, me.id);
  if (!owner) throw new AppError('UNAUTHENTICATED');
  return {
    enabled: owner.portalEnabled,
    contact: owner.portalContact,
    customer_reminder_days: owner.customerReminderDays,
    address: portalAddress(ctx),
  };
}

export async function setPortalSettings(
  ctx: AppContext,
  actor: Actor,
  body: PortalSettingsBody,
): Promise<PortalSettingsAnswer> {
  const me = access.lines(actor).actor;
  await portalRepository.setSettings(ctx.db, me.id, {
    enabled: body.enabled,
    contact: body.contact,
    customerReminderDays: body.customer_reminder_days,
  });
  return getPortalSettings(ctx, me);
}
