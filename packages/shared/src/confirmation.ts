import { z } from 'zod';
import { emailSchema } from './auth.js';

/**
 * `POST /api/auth/resend-confirmation` (anyone): a new confirmation mail for an account that never
 * confirmed its email. The answer is the same whether or not such an account exists; limited per
 * email and per client address (`RESEND_CONFIRMATION_LIMIT` in the window).
 */
export const resendConfirmationBodySchema = z.object({ email: emailSchema });
export type ResendConfirmationBody = z.infer<typeof resendConfirmationBodySchema>;

export const RESEND_CONFIRMATION_WINDOW_MS = 60 * 60 * 1000;
/** Requests per email address, and per client address, in the window. */
export const RESEND_CONFIRMATION_LIMIT = { email: 3, ip: 10 } as const;

/** The one answer to a resend request that was not over the limit. */
export const RESEND_CONFIRMATION_ANSWER =
  'If an account with this email is waiting for confirmation, a new confirmation email is on its way.';

/** `POST /api/accounts/:id/resend-confirmation` (admin): which mail went out. */
export const resendAccountConfirmationResultSchema = z.object({
  message: z.string(),
  /** An account with a password gets the confirmation mail; an invited one (no password yet) a new invite. */
  sent: z.enum(['confirmation', 'invite']),
});
export type ResendAccountConfirmationResult = z.infer<typeof resendAccountConfirmationResultSchema>;
