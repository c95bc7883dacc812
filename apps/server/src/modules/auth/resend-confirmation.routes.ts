import {
  RESEND_CONFIRMATION_ANSWER,
  messageResponseSchema,
  resendConfirmationBodySchema,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { resendConfirmation } from './resend-confirmation.service.js';

export function registerResendConfirmationRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/auth/resend-confirmation',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the confirmation mail again to an account that has not confirmed its email',
        description:
          'The answer is the same whether or not an unconfirmed account uses the address. ' +
          'Limited to 3 requests per email and 10 per client address in an hour (429 beyond).',
        body: resendConfirmationBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await resendConfirmation(ctx, request, request.body);
      return { message: RESEND_CONFIRMATION_ANSWER };
    },
  );
}
