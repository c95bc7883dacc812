import type { PortalSettings } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { portalRepository } from './portal.repository.js';

/** Whether the caller's customers may use the portal, and the contact it shows them. */
export async function getPortalSettings(ctx: AppContext, actor: Actor): Promise<PortalSettings> {
  const me = access.lines(actor).actor;
  const owner = await portalRepository.findOwner(ctx.db, me.id);
  if (!owner) throw new AppError('UNAUTHENTICATED');
  return { enabled: owner.portalEnabled, contact: owner.portalContact };
}

export async function setPortalSettings(
  ctx: AppContext,
  actor: Actor,
  body: PortalSettings,
): Promise<PortalSettings> {
  const me = access.lines(actor).actor;
  await portalRepository.setSettings(ctx.db, me.id, body);
  return getPortalSettings(ctx, me);
}
