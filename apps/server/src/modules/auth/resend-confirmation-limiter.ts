import { RESEND_CONFIRMATION_LIMIT, RESEND_CONFIRMATION_WINDOW_MS } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { reserveAttempt, type SignInSlot } from './sign-in-limiter.js';

/**
 * Records a request for a new confirmation mail against its email and its client address (in
 * `auth_failures`, so the limit holds across instances); the slot says whether either is over its
 * limit, and for how long.
 * Every request counts, refused ones too, whether or not the address belongs to anyone, so the limit
 * reveals nothing.
 */
export function reserveResendConfirmation(db: Db, email: string, ip: string): Promise<SignInSlot> {
  return reserveAttempt(
    db,
    [
      { scope: 'resend-email', key: email, max: RESEND_CONFIRMATION_LIMIT.email },
      { scope: 'resend-ip', key: ip, max: RESEND_CONFIRMATION_LIMIT.ip },
    ],
    RESEND_CONFIRMATION_WINDOW_MS,
    { countRefused: true },
  );
}
