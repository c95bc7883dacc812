import { meSchema } from '../account.js';
import {
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  securitySettingsBodySchema,
  securitySettingsSchema,
  twoFactorCodeBodySchema,
  twoFactorConfirmBodySchema,
  twoFactorPasswordBodySchema,
  twoFactorSetupSchema,
} from '../account-security.js';
import { messageResponseSchema } from '../auth.js';
import { defineContract } from '../contract.js';

export const forgotPassword = defineContract({
  method: 'POST',
  path: '/api/auth/forgot-password',
  access: 'public',
  tags: ['auth'],
  summary:
    'Mail a password reset link (to /reset-password?token=...); the same answer whether or not the email has an account',
  body: forgotPasswordBodySchema,
  response: messageResponseSchema,
  errors: ['INVALID_EMAIL', 'RATE_LIMITED'],
});

export const resetPassword = defineContract({
  method: 'POST',
  path: '/api/auth/reset-password',
  access: 'public',
  tags: ['auth'],
  summary:
    'Set a new password with the mailed token (once, within an hour); every session and API key of the account ends',
  body: resetPasswordBodySchema,
  response: messageResponseSchema,
  errors: ['INVALID_RESET_TOKEN', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG'],
});

export const verifyTwoFactor = defineContract({
  method: 'POST',
  path: '/api/auth/two-factor/verify',
  access: 'public',
  tags: ['auth'],
  summary:
    'Second sign-in step: an authenticator code or a backup code for the challenge cookie; sets the session cookie',
  body: twoFactorCodeBodySchema,
  response: meSchema,
  errors: ['INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_CHALLENGE_EXPIRED', 'RATE_LIMITED'],
});

export const enableTwoFactor = defineContract({
  method: 'POST',
  path: '/api/auth/two-factor/enable',
  access: 'browserSession',
  tags: ['auth'],
  summary:
    'Start turning on two-factor sign-in (password required): the authenticator secret and backup codes, shown once',
  body: twoFactorPasswordBodySchema,
  response: twoFactorSetupSchema,
  errors: [
    'UNAUTHENTICATED',
    'WRONG_PASSWORD',
    'RATE_LIMITED',
    'TWO_FACTOR_ALREADY_ENABLED',
    'API_KEY_SESSION_REQUIRED',
  ],
});

export const confirmTwoFactor = defineContract({
  method: 'POST',
  path: '/api/auth/two-factor/confirm',
  access: 'browserSession',
  tags: ['auth'],
  summary:
    'Turn two-factor sign-in on with the first code from the authenticator app; with revoke_api_keys, every API key of the account ends',
  body: twoFactorConfirmBodySchema,
  response: meSchema,
  errors: [
    'UNAUTHENTICATED',
    'INVALID_TWO_FACTOR_CODE',
    'TWO_FACTOR_NOT_ENABLED',
    'TWO_FACTOR_ALREADY_ENABLED',
  ],
});

export const disableTwoFactor = defineContract({
  method: 'POST',
  path: '/api/auth/two-factor/disable',
  access: 'browserSession',
  tags: ['auth'],
  summary: 'Turn two-factor sign-in off (password required; refused while an admin requires it)',
  body: twoFactorPasswordBodySchema,
  response: meSchema,
  errors: [
    'UNAUTHENTICATED',
    'WRONG_PASSWORD',
    'RATE_LIMITED',
    'TWO_FACTOR_NOT_ENABLED',
    'TWO_FACTOR_REQUIRED_BY_ADMIN',
  ],
});

export const getSecuritySettings = defineContract({
  method: 'GET',
  path: '/api/security-settings',
  access: 'admin',
  tags: ['settings'],
  summary: 'Whether two-factor sign-in is required for admins and for resellers (admin)',
  response: securitySettingsSchema,
  errors: ['UNAUTHENTICATED', 'ADMIN_ONLY'],
});

/**
 * A browser session first (a leaked key must not lift the requirement, whoever owns it); the
 * service then refuses anyone but an admin.
 */
export const updateSecuritySettings = defineContract({
  method: 'PATCH',
  path: '/api/security-settings',
  access: 'browserSession',
  tags: ['settings'],
  summary: 'Require two-factor sign-in for admins and/or resellers (admin, not with an API key)',
  body: securitySettingsBodySchema,
  response: securitySettingsSchema,
  errors: ['UNAUTHENTICATED', 'ADMIN_ONLY', 'API_KEY_SESSION_REQUIRED', 'NOTHING_TO_UPDATE'],
});
