import { RESEND_CONFIRMATION_ANSWER } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

export const resendConfirmationExamples: RouteExamples = {
  // The same answer for an unknown, a confirmed and an unconfirmed address: only the last gets a mail.
  'POST /api/auth/resend-confirmation': {
    body: { email: 'new.reseller@example.com' },
    response: { message: RESEND_CONFIRMATION_ANSWER },
  },
};
