import { PASSWORD_RESET_LIMITS, type ForgotPasswordBody, type ResetPasswordBody } from '@linedesk/shared';
import { isAPIError } from 'better-auth/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { toWebHeaders } from '../auth/auth-adapter.js';
import { translateAuthError } from '../auth/auth-errors.js';
import { endOtherSessionsAndKeys } from '../auth/auth.service.js';
import { rateLimited, reserveAttempt } from '../auth/sign-in-limiter.js';

/**
 * Mails a reset link when the address has an account. The answer is the same either way (no account
 * enumeration), and every request counts against the per-IP and per-email-and-IP limits whether or
 * not the address exists, so the limit itself reveals nothing either. Nothing limits an email as a
 * whole: a stranger asking for someone's reset must not block the owner's own request.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: ForgotPasswordBody,
): Promise<void> {
  const email = body.email.toLowerCase();
  const slot = await reserveAttempt(
    ctx.db,
    [
      {
        scope: 'reset-email-ip',
        key: `${email} ${request.ip}`,
        max: PASSWORD_RESET_LIMITS.perEmailAndIp,
      },
      { scope: 'reset-ip', key: request.ip, max: PASSWORD_RESET_LIMITS.perIp },
    ],
    PASSWORD_RESET_LIMITS.windowMinutes * 60 * 1000,
  );
  if (slot.overLimit) throw rateLimited(reply, slot);
  await ctx.auth.api
    .requestPasswordReset({ body: { email }, headers: toWebHeaders(request) })
    .catch(translateAuthError);
}

/**
 * A new password from the mailed link. The link works once and for an hour; whoever held a session
 * or an API key (perhaps whoever knew the old password) is signed out everywhere, on every instance.
 */
export async function resetPassword(
  ctx: AppContext,
  request: FastifyRequest,
  body: ResetPasswordBody,
): Promise<void> {
  const authContext = await ctx.auth.$context;
  const pending = await authContext.internalAdapter.findVerificationValue(`reset-password:${body.token}`);
  if (!pending || pending.expiresAt <= new Date()) throw new AppError('INVALID_RESET_TOKEN');
  await ctx.auth.api
    .resetPassword({
      body: { token: body.token, newPassword: body.new_password },
      headers: toWebHeaders(request),
    })
    .catch((error: unknown) => {
      const code = isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
      if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') throw new AppError('INVALID_RESET_TOKEN');
      translateAuthError(error);
    });
  await endOtherSessionsAndKeys(ctx, pending.value, null);
}
