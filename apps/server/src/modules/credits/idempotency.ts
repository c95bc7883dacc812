import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';

/** Who sent the `Idempotency-Key` and what the request was (method + path + validated body). */
export type IdempotencyInput = {
  accountId: string;
  key: string | undefined;
  scope: string;
  body: unknown;
};

/** The key a request carries and what it asks for (method + path), read the same way by every route. */
export type IdempotencyRequest = { key: string | undefined; scope: string };

export function idempotencyRequest(request: FastifyRequest): IdempotencyRequest {
  const value = request.headers['idempotency-key'];
  const path = request.url.split('?')[0] ?? request.url;
  return {
    key: typeof value === 'string' && value.trim() ? value.trim() : undefined,
    scope: `${request.method} ${path}`,
  };
}

export type IdempotentOutcome<T> = { status: number; body: T; replayed: boolean };

/** Keys are kept a day: long enough for any client's retries, short enough to keep the table small. */
const KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** JSON with object keys sorted, so the same request always hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function requestHash(input: IdempotencyInput): string {
  return createHash('sha256')
    .update(canonicalJson([input.scope, input.body]))
    .digest('hex');
}

/**
 * The answer already given for this key, looked up before a service checks anything: a retry must
 * get the first answer even when the first request changed what those checks see (a created line's
 * username is taken now). The same key with another request is refused as IDEMPOTENCY_KEY_REUSED.
 */
export async function storedOutcome<T>(
  ctx: AppContext,
  input: IdempotencyInput,
): Promise<IdempotentOutcome<T> | null> {
  if (!input.key) return null;
  const [stored] = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, input.accountId), eq(idempotencyKeys.key, input.key)));
  if (!stored) return null;
  if (stored.requestHash !== requestHash(input)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (stored.responseStatus === null) return null;
  return { status: stored.responseStatus, body: stored.responseBody as T, replayed: true };
}

/**
 * Runs a credit-moving `work` in one transaction, at most once per (account, Idempotency-Key).
 *
 * The key row is inserted first inside the same transaction: a concurrent retry's insert waits on the
 * unique key until the first commits, then finds the stored result and replays it. A request that
 * fails rolls back its key row too, so a failed attempt (nothing moved) may be retried for real.
 */
export async function runIdempotent<T>(
  ctx: AppContext,
  input: IdempotencyInput,
  status: number,
  work: (tx: Db) => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  if (!input.key) {
    const body = await ctx.db.transaction((tx) => work(tx));
    return { status, body, replayed: false };
  }
  const key = input.key;
  const hash = requestHash(input);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ accountId: input.accountId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.accountId, input.accountId), eq(idempotencyKeys.key, key)));
      if (!stored || stored.requestHash !== hash || stored.responseStatus === null) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      }
      return { status: stored.responseStatus, body: stored.responseBody as T, replayed: true };
    }
    const body = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: sql`${JSON.stringify(body)}::jsonb` })
      .where(and(eq(idempotencyKeys.accountId, input.accountId), eq(idempotencyKeys.key, key)));
    return { status, body, replayed: false };
  });
}

export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEY_TTL_MS)));
}
