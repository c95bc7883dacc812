import { z } from 'zod';
import { languages } from './languages.js';
import { nonEmptyPatch, text } from './schema-blocks.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// Messages are error codes; the server maps them to the spec's English text and the client to its locale.
export const passwordSchema = z
  .string({ error: 'PASSWORD_TOO_SHORT' })
  .min(PASSWORD_MIN, { error: 'PASSWORD_TOO_SHORT' })
  .max(PASSWORD_MAX, { error: 'PASSWORD_TOO_LONG' });

export const emailSchema = z.email({ error: 'INVALID_EMAIL' }).max(254, { error: 'INVALID_EMAIL' });

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  full_name: text().trim().max(200).optional(),
  username: text().trim().max(254).optional(),
  /** The language the page was read in: the confirmation mail and later messages are written in it. */
  language: z.enum(languages).optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: text().trim().min(1, { error: 'INVALID_EMAIL' }).max(254),
  password: text().min(1, { error: 'INVALID_CREDENTIALS' }).max(PASSWORD_MAX),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const verifyEmailBodySchema = z.object({ token: text().min(1, { error: 'INVALID_TOKEN' }) });

export const changePasswordBodySchema = z.object({
  current_password: text().min(1, { error: 'WRONG_PASSWORD' }),
  new_password: passwordSchema,
  revoke_other_sessions: z.boolean().optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const updateProfileBodySchema = nonEmptyPatch(
  z.object({
    full_name: text().trim().max(200),
  }),
);
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const sessionInfoSchema = z.object({
  id: text(),
  created_at: text(),
  updated_at: text(),
  expires_at: text(),
  ip_address: text().nullable(),
  user_agent: text().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const messageResponseSchema = z.object({ message: text() });

/**
 * Whether anyone may create an account on the sign-up page (panel-wide, an admin's choice; open by
 * default). Closed, sign-up answers SIGN_UP_CLOSED and the sign-in page hides its sign-up link.
 */
export const signUpSettingsSchema = z.object({ open: z.boolean() });
export type SignUpSettings = z.infer<typeof signUpSettingsSchema>;
export const DEFAULT_SIGN_UP_SETTINGS: SignUpSettings = { open: true };
