import { PASSWORD_RESET_LIMITS, type ForgotPasswordBody, type ResetPasswordBody } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import type { Client } from '../../platform/http.js';
import { isUnknownPasswordToken, translateAuthError } from '../auth/auth-errors.js';
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
  client: Client,
  body: ForgotPasswordBody,
): Promise<void> {
  const email = body.email.toLowerCase();
  const slot = await reserveAttempt(
    ctx.db,
    [
      {
        scope: 'reset-email-ip',
        key: `${email} ${client.ip}`,
        max: PASSWORD_RESET_LIMITS.perEmailAndIp,
      },
      { scope: 'reset-ip', key: client.ip, max: PASSWORD_RESET_LIMITS.perIp },
    ],
    PASSWORD_RESET_LIMITS.windowMinutes * 60 * 1000,
  );
  if (slot.overLimit) throw rateLimited(slot);
  await ctx.auth.requestPasswordReset(client, email).catch(translateAuthError);
}

/**
 * A new password from the mailed link. The link works once and for an hour; whoever held a session
 * or an API key (perhaps whoever knew the old password) is signed out everywhere, on every instance.
 */
export async function resetPassword(ctx: AppContext, client: Client, body: ResetPasswordBody): Promise<void> {
  const pending = await ctx.auth.passwordToken(body.token);
  if (!pending || pending.expiresAt <= new Date()) throw new AppError('INVALID_RESET_TOKEN');
  await ctx.auth
    .resetPassword({ token: body.token, newPassword: body.new_password }, client)
    .catch((error: unknown) => {
      if (isUnknownPasswordToken(error)) throw new AppError('INVALID_RESET_TOKEN');
      translateAuthError(error);
    });
  await endOtherSessionsAndKeys(ctx, pending.accountId, null);
}
