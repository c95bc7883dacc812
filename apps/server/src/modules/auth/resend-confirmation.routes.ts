import { RESEND_CONFIRMATION_ANSWER, authContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { clientOf } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { resendConfirmation } from './resend-confirmation.service.js';

export function registerResendConfirmationRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, authContracts.resendConfirmation, async ({ request, body }) => {
    await resendConfirmation(ctx, clientOf(request), body);
    return { message: RESEND_CONFIRMATION_ANSWER };
  });
}
