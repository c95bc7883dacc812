import { RESEND_CONFIRMATION_LIMIT, RESEND_CONFIRMATION_WINDOW_MS } from '@linedesk/shared';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authFailures } from '../../db/schema.js';

/**
 * Records a request for a new confirmation mail against its email and its client address (in
 * `auth_failures`, so the limit holds across instances) and says whether either is over its limit.
 * Every request counts, whether or not the address belongs to anyone, so the limit reveals nothing.
 */
export async function overResendConfirmationLimit(db: Db, email: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - RESEND_CONFIRMATION_WINDOW_MS);
  const keys = [
    { scope: 'resend_email' as const, key: email, limit: RESEND_CONFIRMATION_LIMIT.email },
    { scope: 'resend_ip' as const, key: ip, limit: RESEND_CONFIRMATION_LIMIT.ip },
  ];
  await db.insert(authFailures).values(keys.map(({ scope, key }) => ({ scope, key })));
  const counts = await Promise.all(
    keys.map(async ({ scope, key, limit }) => {
      const [row] = await db
        .select({ n: count() })
        .from(authFailures)
        .where(
          and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.createdAt, since)),
        );
      return (row?.n ?? 0) > limit;
    }),
  );
  return counts.some(Boolean);
}
