import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authFailures } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins from one address, whatever the accounts, before it gets 429. */
export const SIGN_IN_MAX_FAILURES_PER_IP = 10;
/** Failed sign-ins to one account from one address before that address gets 429 for it. */
export const SIGN_IN_MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
/**
 * Failed sign-ins to one account from all addresses that make it "being guessed": its owner gets a
 * message, and every further attempt on it waits a little longer (never refused for it).
 */
export const SIGN_IN_ACCOUNT_ATTACK_THRESHOLD = 10;
const ATTACK_DELAY_STEP_MS = 200;
const ATTACK_DELAY_MAX_MS = 2_000;

type LimitScope = (typeof authFailures.$inferInsert)['scope'];

export type SignInSlot = {
  release: () => Promise<void>;
  overLimit: boolean;
  /** When over the limit: seconds until one of the counted attempts leaves the window. */
  retryAfterSeconds: number;
};

/**
 * A sign-in attempt (a password, or a two-factor code) reserved against the limits of its address and
 * of its account from that address. Nothing limits the account as a whole: a stranger guessing from
 * many addresses must not lock its owner out. Instead each failure is also recorded for the account,
 * and once it is being guessed (`accountFailures` at the threshold) attempts on it are slowed down.
 */
export async function reserveSignInAttempt(
  db: Db,
  email: string,
  ip: string,
): Promise<SignInSlot & { accountFailures: number }> {
  const account = email.toLowerCase();
  const slot = await reserveAttempt(
    db,
    [
      { scope: 'ip', key: ip, max: SIGN_IN_MAX_FAILURES_PER_IP },
      { scope: 'account-ip', key: `${account} ${ip}`, max: SIGN_IN_MAX_FAILURES_PER_ACCOUNT_AND_IP },
      { scope: 'account', key: account, max: Number.POSITIVE_INFINITY },
    ],
    SIGN_IN_WINDOW_MS,
  );
  // This attempt's own row is not yet a failure.
  return { ...slot, accountFailures: Math.max(0, (slot.counts[2] ?? 1) - 1) };
}

/** How long an attempt on an account that is being guessed waits first: growing, and small. */
export function attackDelayMs(accountFailures: number): number {
  if (accountFailures < SIGN_IN_ACCOUNT_ATTACK_THRESHOLD) return 0;
  const over = accountFailures - SIGN_IN_ACCOUNT_ATTACK_THRESHOLD + 1;
  return Math.min(over * ATTACK_DELAY_STEP_MS, ATTACK_DELAY_MAX_MS);
}

/** The 429 for a slot over its limit, with `Retry-After` so a client knows when to come back. */
export function rateLimited(slot: { retryAfterSeconds: number }): AppError {
  return new AppError('RATE_LIMITED', { retryAfterSeconds: slot.retryAfterSeconds });
}

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
): Promise<SignInSlot & { counts: number[] }> {
  const since = new Date(Date.now() - windowMs);
  const keys = limits.map(({ scope, key }) => ({ scope, key }));
  const inserted = await db.insert(authFailures).values(keys).returning({ id: authFailures.id });
  const ids = inserted.map((r) => r.id);
  const release = async () => {
    await db.delete(authFailures).where(inArray(authFailures.id, ids));
  };
  const inWindow = (scope: LimitScope, key: string) =>
    and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.createdAt, since));
  const counts = await Promise.all(
    keys.map(async ({ scope, key }) => {
      const [row] = await db.select({ n: count() }).from(authFailures).where(inWindow(scope, key));
      return row?.n ?? 0;
    }),
  );
  let retryAfterSeconds = 0;
  for (const [i, limit] of limits.entries()) {
    const n = counts[i]!;
    if (n <= limit.max) continue;
    // Below the limit again once the attempts that put it over have left the window: the
    // (n - max)-th oldest one decides.
    const [oldest] = await db
      .select({ at: authFailures.createdAt })
      .from(authFailures)
      .where(inWindow(limit.scope, limit.key))
      .orderBy(asc(authFailures.createdAt))
      .offset(n - limit.max - 1)
      .limit(1);
    const until = (oldest?.at.getTime() ?? Date.now()) + windowMs;
    retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((until - Date.now()) / 1000), 1);
  }
  const overLimit = retryAfterSeconds > 0;
  if (overLimit && !countRefused) await release();
  return { release, overLimit, retryAfterSeconds, counts };
}

/**
 * Whether this failure starts a new episode of guessing at the account (its owner is told once per
 * episode). An episode lasts while failures keep coming: each one moves its marker row on, and one
 * window without any ends it. Serialised per account, so two instances never both start one.
 */
export async function startsGuessingEpisode(db: Db, email: string): Promise<boolean> {
  const key = email.toLowerCase();
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`auth-guessing:${key}`}))`);
    const moved = await tx
      .update(authFailures)
      .set({ createdAt: new Date() })
      .where(
        and(
          eq(authFailures.scope, 'account-guessed'),
          eq(authFailures.key, key),
          gt(authFailures.createdAt, since),
        ),
      )
      .returning({ id: authFailures.id });
    if (moved.length > 0) return false;
    await tx.insert(authFailures).values({ scope: 'account-guessed', key });
    return true;
  });
}

export async function pruneOldFailures(db: Db): Promise<void> {
  await db.delete(authFailures).where(lt(authFailures.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}
