import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.js';
import { nonEmptyPatch, text } from './schema-blocks.js';

/**
 * Reset mails asked for, per email from one client IP and per client IP, before 429 RATE_LIMITED
 * (never per email alone, which would let anyone block the owner's reset).
 */
export const PASSWORD_RESET_LIMITS = { windowMinutes: 60, perEmailAndIp: 3, perIp: 10 } as const;

/** The answer to every accepted reset request, whether or not the email has an account. */
export const PASSWORD_RESET_MAIL_MESSAGE =
  'If an account exists for this email, we sent a link to reset its password.';

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({
  token: text().trim().min(1, { error: 'INVALID_RESET_TOKEN' }).max(200, { error: 'INVALID_RESET_TOKEN' }),
  new_password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** A 6-digit authenticator code, or one of the backup codes (`xxxxx-xxxxx`). */
export const twoFactorCodeSchema = text()
  .trim()
  .min(1, { error: 'INVALID_TWO_FACTOR_CODE' })
  .max(32, { error: 'INVALID_TWO_FACTOR_CODE' });

export const twoFactorCodeBodySchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

/**
 * The first code turns two-factor sign-in on; `revoke_api_keys` also ends every API key of the
 * account (a key made before skips the second factor, so whoever turns it on may want them gone).
 */
export const twoFactorConfirmBodySchema = twoFactorCodeBodySchema.extend({
  revoke_api_keys: z.boolean().optional(),
});
export type TwoFactorConfirmBody = z.infer<typeof twoFactorConfirmBodySchema>;

export const twoFactorPasswordBodySchema = z.object({
  password: text().min(1, { error: 'WRONG_PASSWORD' }).max(128, { error: 'WRONG_PASSWORD' }),
});
export type TwoFactorPasswordBody = z.infer<typeof twoFactorPasswordBodySchema>;

/** What enabling answers once: the authenticator's secret (as a URI for the QR code) and the backup codes. */
export const twoFactorSetupSchema = z.object({
  totp_uri: text(),
  secret: text(),
  backup_codes: z.array(text()),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The sign-in answer when the password was right and the account asks for a code next. */
export const twoFactorChallengeSchema = z.object({ two_factor_required: z.literal(true) });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const securitySettingsSchema = z.object({
  require_two_factor_admins: z.boolean(),
  require_two_factor_resellers: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const securitySettingsBodySchema = nonEmptyPatch(securitySettingsSchema.partial());
export type SecuritySettingsBody = z.infer<typeof securitySettingsBodySchema>;

/** Whether the account must have two-factor sign-in on, by the admin's setting. */
export function twoFactorRequiredFor(
  account: { isAdmin: boolean; groupId: number },
  settings: SecuritySettings,
): boolean {
  if (account.isAdmin || account.groupId === 1) return settings.require_two_factor_admins;
  if (account.groupId === 2) return settings.require_two_factor_resellers;
  return false;
}
