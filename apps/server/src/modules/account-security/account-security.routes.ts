import { PASSWORD_RESET_MAIL_MESSAGE, accountSecurityContracts, errorMessages } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { requestPasswordReset, resetPassword } from './password-reset.service.js';
import { getSecuritySettings, updateSecuritySettings } from './security-settings.service.js';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  verifyTwoFactorSignIn,
} from './two-factor.service.js';

export function registerAccountSecurityRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, accountSecurityContracts.forgotPassword, async ({ request, reply, body }) => {
    await requestPasswordReset(ctx, request, reply, body);
    return { message: PASSWORD_RESET_MAIL_MESSAGE };
  });

  route(app, ctx, accountSecurityContracts.resetPassword, async ({ request, body }) => {
    await resetPassword(ctx, request, body);
    return { message: errorMessages.PASSWORD_CHANGED };
  });

  route(app, ctx, accountSecurityContracts.verifyTwoFactor, ({ request, reply, body }) =>
    verifyTwoFactorSignIn(ctx, request, reply, body),
  );

  route(app, ctx, accountSecurityContracts.enableTwoFactor, ({ actor, request, reply, body }) =>
    enableTwoFactor(ctx, actor, request, reply, body),
  );

  route(app, ctx, accountSecurityContracts.confirmTwoFactor, ({ actor, request, reply, body }) =>
    confirmTwoFactor(ctx, actor, request, reply, body),
  );

  route(app, ctx, accountSecurityContracts.disableTwoFactor, ({ actor, request, reply, body }) =>
    disableTwoFactor(ctx, actor, request, reply, body),
  );

  route(app, ctx, accountSecurityContracts.getSecuritySettings, () => getSecuritySettings(ctx));

  route(app, ctx, accountSecurityContracts.updateSecuritySettings, ({ actor, body }) =>
    updateSecuritySettings(ctx, actor, body),
  );
}
