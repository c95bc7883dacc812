import { z } from 'zod';
import { meSchema } from '../account.js';
import { twoFactorChallengeSchema } from '../account-security.js';
import {
  changePasswordBodySchema,
  messageResponseSchema,
  sessionInfoSchema,
  signInBodySchema,
  signUpBodySchema,
  signUpSettingsSchema,
  verifyEmailBodySchema,
} from '../auth.js';
import { resendConfirmationBodySchema } from '../confirmation.js';
import { defineContract } from '../contract.js';

const tags = ['auth'];

export const signUp = defineContract({
  method: 'POST',
  path: '/api/auth/sign-up',
  access: 'public',
  tags,
  summary: 'Create an account; a confirmation mail links to /callback?token=...',
  body: signUpBodySchema,
  status: 201,
  response: messageResponseSchema,
  errors: ['INVALID_EMAIL', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'SIGN_UP_CLOSED'],
});

/** Public: the sign-in page shows its sign-up link only while sign-up is open. */
export const getSignUpSettings = defineContract({
  method: 'GET',
  path: '/api/sign-up-settings',
  access: 'public',
  tags,
  summary: 'Whether anyone may create an account on the sign-up page',
  response: signUpSettingsSchema,
});

export const updateSignUpSettings = defineContract({
  method: 'PUT',
  path: '/api/sign-up-settings',
  access: 'admin',
  tags,
  summary: 'Open or close sign-up for the whole panel (admin)',
  description:
    'Open by default. Closed, POST /api/auth/sign-up answers SIGN_UP_CLOSED; accounts are then made ' +
    'by an admin or a reseller (Resellers → add). While open, every admin is told of each sign-up.',
  body: signUpSettingsSchema,
  response: signUpSettingsSchema,
  errors: ['ADMIN_ONLY'],
});

export const signIn = defineContract({
  method: 'POST',
  path: '/api/auth/sign-in',
  access: 'public',
  tags,
  summary:
    'Sign in with email and password; sets the session cookie, or (two-factor sign-in on) a challenge cookie for POST /api/auth/two-factor/verify',
  body: signInBodySchema,
  response: z.union([meSchema, twoFactorChallengeSchema]),
  errors: ['INVALID_CREDENTIALS', 'INVALID_EMAIL', 'EMAIL_NOT_VERIFIED', 'ACCOUNT_BANNED', 'RATE_LIMITED'],
});

export const verifyEmail = defineContract({
  method: 'POST',
  path: '/api/auth/verify-email',
  access: 'public',
  tags,
  summary: 'Confirm an email address with the token from the mail, and sign in',
  body: verifyEmailBodySchema,
  response: meSchema,
  errors: ['INVALID_TOKEN', 'ALREADY_CONFIRMED'],
});

/**
 * Public: the handler looks the caller up itself and ignores a bad API key, which must not stop a
 * browser from signing out.
 */
export const signOut = defineContract({
  method: 'POST',
  path: '/api/auth/sign-out',
  access: 'public',
  tags,
  summary: 'End the current session',
  response: messageResponseSchema,
});

export const changePassword = defineContract({
  method: 'POST',
  path: '/api/auth/change-password',
  access: 'browserSession',
  tags,
  summary:
    'Change my password; every other session and every API key of the account ends (on every instance)',
  body: changePasswordBodySchema,
  response: messageResponseSchema,
  errors: ['UNAUTHENTICATED', 'WRONG_PASSWORD', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG'],
});

export const listSessions = defineContract({
  method: 'GET',
  path: '/api/auth/sessions',
  access: 'browserSession',
  tags,
  summary: 'My active sessions (not with an API key)',
  response: z.object({ items: z.array(sessionInfoSchema) }),
  errors: ['UNAUTHENTICATED'],
});

export const endSession = defineContract({
  method: 'DELETE',
  path: '/api/auth/sessions/:id',
  access: 'browserSession',
  tags,
  summary: 'End one of my sessions (not with an API key)',
  params: z.object({ id: z.string().min(1).max(128) }),
  response: messageResponseSchema,
  errors: ['UNAUTHENTICATED', 'SESSION_NOT_FOUND'],
});

export const resendConfirmation = defineContract({
  method: 'POST',
  path: '/api/auth/resend-confirmation',
  access: 'public',
  tags,
  summary: 'Send the confirmation mail again to an account that has not confirmed its email',
  description:
    'The answer is the same whether or not an unconfirmed account uses the address. ' +
    'Limited to 3 requests per email and 10 per client address in an hour (429 beyond).',
  body: resendConfirmationBodySchema,
  response: messageResponseSchema,
  errors: ['INVALID_EMAIL', 'RATE_LIMITED'],
});
