import type { PortalMe, PortalPasswordBody } from '@linedesk/shared';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { updateLine } from '../lines/line-update.service.js';
import { portalMeOfLine } from './portal-me.service.js';
import { ownerActor, type PortalCustomer } from './portal-session.js';
import { linePasswordMatches, setPortalCookie } from './portal-sign-in.service.js';

/**
 * The customer changes the line's password: the owner's line edit (the same checks, history, outbox
 * and delivery to the server as an edit in the panel). Every other portal sign-in of the line ends
 * with it (their cookies were signed over the old password); this one gets a new cookie.
 */
export async function portalChangePassword(
  ctx: AppContext,
  customer: PortalCustomer,
  reply: FastifyReply,
  body: PortalPasswordBody,
): Promise<PortalMe> {
  if (!linePasswordMatches(customer.line.password, body.current_password))
    throw new AppError('WRONG_PASSWORD');
  const actor = await ownerActor(ctx, customer.owner.id);
  const { line } = await updateLine(ctx, actor, customer.line.id, { password: body.new_password });
  await setPortalCookie(ctx, reply, line.id, line.password);
  return portalMeOfLine(ctx, line.id);
}
