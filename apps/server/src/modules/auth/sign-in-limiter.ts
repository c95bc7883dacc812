import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authFailures } from '../../db/schema.js';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES = 10;

export type SignInSlot = { release: () => Promise<void>; overLimit: boolean };

/**
 * Each attempt first reserves a failure row for its account and its IP and counts the window with it,
 * so concurrent guesses cannot slip past the limit; a successful or refused attempt gives its rows back.
 */
export function reserveSignInAttempt(db: Db, email: string, ip: string): Promise<SignInSlot> {
  return reserveAttempt(
    db,
    [
      { scope: 'account', key: email.toLowerCase(), max: SIGN_IN_MAX_FAILURES },
      { scope: 'ip', key: ip, max: SIGN_IN_MAX_FAILURES },
    ],
    SIGN_IN_WINDOW_MS,
  );
}

type LimitScope = (typeof authFailures.$inferInsert)['scope'];

/**
 * One attempt against several limits at once, each `max` rows of its scope and key within the window.
 * Over any of them `overLimit` is set and the reservation is given back at once, unless `countRefused`
 * keeps it (a refused request then still counts, so hammering keeps the limit shut).
 */
export async function reserveAttempt(
  db: Db,
  limits: { scope: LimitScope; key: string; max: number }[],
  windowMs: number,
  { countRefused = false }: { countRefused?: boolean } = {},
): Promise<SignInSlot> {
  const since = new Date(Date.now() - windowMs);
  const keys = limits.map(({ scope, key }) => ({ scope, key }));
  const inserted = await db.insert(authFailures).values(keys).returning({ id: authFailures.id });
  const ids = inserted.map((r) => r.id);
  const release = async () => {
    await db.delete(authFailures).where(inArray(authFailures.id, ids));
  };
  const counts = await Promise.all(
    keys.map(async ({ scope, key }) => {
      const [row] = await db
        .select({ n: count() })
        .from(authFailures)
        .where(
          and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.createdAt, since)),
        );
      return row?.n ?? 0;
    }),
  );
  const overLimit = counts.some((n, i) => n > limits[i]!.max);
  if (overLimit && !countRefused) await release();
  return { release, overLimit };
}

export async function pruneOldFailures(db: Db): Promise<void> {
  await db.delete(authFailures).where(lt(authFailures.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}
