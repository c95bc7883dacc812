import { RESEND_CONFIRMATION_ANSWER, authContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { resendConfirmation } from './resend-confirmation.service.js';

export function registerResendConfirmationRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, authContracts.resendConfirmation, async ({ request, reply, body }) => {
    await resendConfirmation(ctx, request, reply, body);
    return { message: RESEND_CONFIRMATION_ANSWER };
  });
}
