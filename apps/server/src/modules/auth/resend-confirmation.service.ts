import type { ResendConfirmationBody } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Client } from '../../platform/http.js';
import { reserveResendConfirmation } from './resend-confirmation-limiter.js';
import { rateLimited } from './sign-in-limiter.js';

/**
 * Someone whose sign-in was refused for an unconfirmed email asks for the mail again. better-auth
 * sends it only to an account that exists and is unconfirmed, and answers every address alike and in
 * the same time, so nobody learns from this which addresses have accounts.
 */
export async function resendConfirmation(
  ctx: AppContext,
  client: Client,
  body: ResendConfirmationBody,
): Promise<void> {
  const email = body.email.toLowerCase();
  const slot = await reserveResendConfirmation(ctx.db, email, client.ip);
  if (slot.overLimit) throw rateLimited(slot);
  await ctx.auth.sendConfirmationMail(email);
}

/** An admin's resend for one account with a password (the account is known to be unconfirmed). */
export async function sendConfirmationMail(ctx: AppContext, email: string): Promise<void> {
  await ctx.auth.sendConfirmationMail(email);
}
