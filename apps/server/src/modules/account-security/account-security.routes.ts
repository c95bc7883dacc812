import { PASSWORD_RESET_MAIL_MESSAGE, accountSecurityContracts, errorMessages } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { answered, clientOf } from '../../platform/http.js';
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
  route(app, ctx, accountSecurityContracts.forgotPassword, async ({ request, body }) => {
    await requestPasswordReset(ctx, clientOf(request), body);
    return { message: PASSWORD_RESET_MAIL_MESSAGE };
  });

  route(app, ctx, accountSecurityContracts.resetPassword, async ({ request, body }) => {
    await resetPassword(ctx, clientOf(request), body);
    return { message: errorMessages.PASSWORD_CHANGED };
  });

  route(app, ctx, accountSecurityContracts.verifyTwoFactor, async ({ request, reply, body }) =>
    answered(reply, await verifyTwoFactorSignIn(ctx, clientOf(request), body)),
  );

  route(app, ctx, accountSecurityContracts.enableTwoFactor, ({ actor, request, body }) =>
    enableTwoFactor(ctx, actor, clientOf(request), body),
  );

  route(app, ctx, accountSecurityContracts.confirmTwoFactor, async ({ actor, request, reply, body }) =>
    answered(reply, await confirmTwoFactor(ctx, actor, clientOf(request), body)),
  );

  route(app, ctx, accountSecurityContracts.disableTwoFactor, async ({ actor, request, reply, body }) =>
    answered(reply, await disableTwoFactor(ctx, actor, clientOf(request), body)),
  );

  route(app, ctx, accountSecurityContracts.getSecuritySettings, () => getSecuritySettings(ctx));

  route(app, ctx, accountSecurityContracts.updateSecuritySettings, ({ actor, body }) =>
    updateSecuritySettings(ctx, actor, body),
  );
}
