import {
  normalizeActivationCode,
  type PortalActivateBody,
  type PortalActivateResult,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import type { Answer } from '../../platform/http.js';
import { activateCode } from '../activation-codes/activation-code-activate.service.js';
import { activationCodesRepository } from '../activation-codes/activation-codes.repository.js';
import { portalMeOfLine } from './portal-me.service.js';
import { ownerActor, portalOwnerOf, type PortalCustomer } from './portal-session.js';
import { portalSignInCookie } from './portal-sign-in.service.js';

/**
 * A customer activates a code in the portal, on behalf of the code's owner (who paid for it): signed
 * out, it becomes a new line and the customer is signed in to it; signed in, it renews the customer's
 * line. The activation itself (its checks, the race between concurrent activations, the line's
 * write and sync) is the owner's `activateCode`, unchanged.
 */
export async function portalActivate(
  ctx: AppContext,
  customer: PortalCustomer | null,
  body: PortalActivateBody,
): Promise<Answer<PortalActivateResult>> {
  const code = await activationCodesRepository.findByCode(ctx.db, normalizeActivationCode(body.code));
  // Another reseller's code cannot renew this customer's line: it is not found, as in the panel.
  if (!code?.ownerId || (customer && code.ownerId !== customer.line.ownerId)) {
    throw new AppError('ACTIVATION_CODE_NOT_FOUND');
  }
  await portalOwnerOf(ctx, code.ownerId);
  const actor = await ownerActor(ctx, code.ownerId);
  if (customer) {
    await activateCode(ctx, actor, { code: body.code, line_id: customer.line.id });
    return { body: { action: 'renewed', me: await portalMeOfLine(ctx, customer.line.id) } };
  }
  const result = await activateCode(ctx, actor, {
    code: body.code,
    username: body.username,
    password: body.password,
  });
  const setCookie = await portalSignInCookie(ctx, result.line.id, result.line.password);
  return {
    body: { action: 'created', me: await portalMeOfLine(ctx, result.line.id) },
    setCookies: [setCookie],
  };
}
