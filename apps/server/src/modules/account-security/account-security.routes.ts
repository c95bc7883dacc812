import {
  forgotPasswordBodySchema,
  PASSWORD_RESET_MAIL_MESSAGE,
  meSchema,
  messageResponseSchema,
  errorMessages,
  resetPasswordBodySchema,
  securitySettingsBodySchema,
  securitySettingsSchema,
  twoFactorCodeBodySchema,
  twoFactorPasswordBodySchema,
  twoFactorSetupSchema,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { requestPasswordReset, resetPassword } from './password-reset.service.js';
import { getSecuritySettings, updateSecuritySettings } from './security-settings.service.js';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  verifyTwoFactorSignIn,
} from './two-factor.service.js';

export function registerAccountSecurityRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail a password reset link (to /reset-password?token=...); the same answer whether or not the email has an account',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request, request.body);
      return { message: PASSWORD_RESET_MAIL_MESSAGE };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Set a new password with the mailed token (once, within an hour); every session of the account ends',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await resetPassword(ctx, request, request.body);
      return { message: errorMessages.PASSWORD_CHANGED };
    },
  );

  app.post(
    '/api/auth/two-factor/verify',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Second sign-in step: an authenticator code or a backup code for the challenge cookie; sets the session cookie',
        body: twoFactorCodeBodySchema,
        response: { 200: meSchema },
      },
    },
    async (request, reply) => verifyTwoFactorSignIn(ctx, request, reply, request.body),
  );

  app.post(
    '/api/auth/two-factor/enable',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Start turning on two-factor sign-in (password required): the authenticator secret and backup codes, shown once',
        body: twoFactorPasswordBodySchema,
        response: { 200: twoFactorSetupSchema },
      },
    },
    async (request, reply) =>
      enableTwoFactor(ctx, await getActor(ctx, request, reply), request, request.body),
  );

  app.post(
    '/api/auth/two-factor/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in on with the first code from the authenticator app',
        body: twoFactorCodeBodySchema,
        response: { 200: meSchema },
      },
    },
    async (request, reply) =>
      confirmTwoFactor(ctx, await getActor(ctx, request, reply), request, reply, request.body),
  );

  app.post(
    '/api/auth/two-factor/disable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in off (password required; refused while an admin requires it)',
        body: twoFactorPasswordBodySchema,
        response: { 200: meSchema },
      },
    },
    async (request, reply) =>
      disableTwoFactor(ctx, await getActor(ctx, request, reply), request, reply, request.body),
  );

  app.get(
    '/api/security-settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Whether two-factor sign-in is required for admins and for resellers (admin)',
        response: { 200: securitySettingsSchema },
      },
    },
    async (request, reply) => getSecuritySettings(ctx, await getActor(ctx, request, reply)),
  );

  app.patch(
    '/api/security-settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Require two-factor sign-in for admins and/or resellers (admin, not with an API key)',
        body: securitySettingsBodySchema,
        response: { 200: securitySettingsSchema },
      },
    },
    async (request, reply) => updateSecuritySettings(ctx, await getActor(ctx, request, reply), request.body),
  );
}
