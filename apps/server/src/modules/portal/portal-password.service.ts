import type { PortalMe, PortalPasswordBody } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import type { Answer } from '../../platform/http.js';
import { updateLine } from '../lines/line-update.service.js';
import { portalMeOfLine } from './portal-me.service.js';
import { ownerActor, type PortalCustomer } from './portal-session.js';
import { linePasswordMatches, portalSignInCookie } from './portal-sign-in.service.js';

/**
 * The customer changes the line's password: the owner's line edit (the same checks, history, outbox
 * and delivery to the server as an edit in the panel). Every other portal sign-in of the line ends
 * with it (their cookies were signed over the old password); this one gets a new cookie.
 */
export async function portalChangePassword(
  ctx: AppContext,
  customer: PortalCustomer,
  body: PortalPasswordBody,
): Promise<Answer<PortalMe>> {
  if (!linePasswordMatches(customer.line.password, body.current_password))
    throw new AppError('WRONG_PASSWORD');
  const actor = await ownerActor(ctx, customer.owner.id);
  const { line } = await updateLine(ctx, actor, customer.line.id, { password: body.new_password });
  const setCookie = await portalSignInCookie(ctx, line.id, line.password);
  return { body: await portalMeOfLine(ctx, line.id), setCookies: [setCookie] };
}
