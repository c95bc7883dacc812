import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Portal sign-ins their customer signed out of. The portal cookie is checked without a stored session
 * (portal-cookie.ts), so a sign-out is remembered here until the cookie would have run out anyway:
 * a copy of it taken before the sign-out no longer gets in. Only a SHA-256 of the cookie's MAC.
 */
export const portalSignOuts = pgTable(
  'portal_sign_outs',
  {
    cookieHash: text('cookie_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('portal_sign_outs_expires_idx').on(t.expiresAt)],
);
