import {
  REDEEM_FAILURE_LIMIT,
  normalizeRedeemCode,
  type CreateRedeemCodesBody,
  type CreatedRedeemCode,
  type ListResponse,
  type RedeemBody,
  type RedeemCode,
  type RedeemCodeListQuery,
  type RedeemCodePatch,
  type RedeemHistoryEntry,
  type RedeemHistoryQuery,
  type RedeemResult,
  createRedeemCodesBodySchema,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { publishBalanceChange } from '../credits/credit-events.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { runIdempotent, storedOutcome, type IdempotentOutcome } from '../credits/idempotency.js';
import { formatRedeemCode, generateRedeemCode, hashRedeemCode, redeemCodeHint } from './redeem-code.js';
import { audited } from '../audit/audit.service.js';
import { toRedeemCode, toRedeemHistoryEntry } from './redeem-mapper.js';
import { redeemRepository, type NewRedeemCode } from './redeem.repository.js';

const codeEntity = (id: number) => ({ type: 'redeem_code' as const, id });
const readCode = (id: number) => async (db: Db) => {
  const row = await redeemRepository.findById(db, id);
  return row ? toRedeemCode(row) : null;
};

const FAILURE_WINDOW_MS = 60 * 60 * 1000;
const SUCCESS_MESSAGE = 'Code redeemed successfully';

async function publishCode(ctx: AppContext, action: 'insert' | 'update' | 'delete', id: number | string) {
  await ctx.bus.publish({ table: 'redeem_codes', action, id: String(id), audience: [] });
}

function futureDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (date.getTime() <= Date.now()) throw new AppError('EXPIRY_IN_PAST');
  return date;
}

export async function listRedeemCodes(
  ctx: AppContext,
  query: RedeemCodeListQuery,
): Promise<ListResponse<RedeemCode>> {
  const { rows, total } = await redeemRepository.list(ctx.db, query);
  const now = new Date();
  return {
    items: rows.map((r) => toRedeemCode(r, now)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** Creates one code or a batch; the only answer that carries the codes themselves. */
export async function createRedeemCodes(
  ctx: AppContext,
  admin: Actor,
  input: CreateRedeemCodesBody,
): Promise<CreatedRedeemCode[]> {
  const body = createRedeemCodesBodySchema.parse(input);
  const expiresAt = futureDate(body.expires_at) ?? null;
  const plain = new Map<string, string>();
  while (plain.size < body.count) {
    const code = generateRedeemCode();
    plain.set(hashRedeemCode(code), code);
  }
  const rows: NewRedeemCode[] = [...plain].map(([codeHash, code]) => ({
    codeHash,
    codeHint: redeemCodeHint(code),
    credits: body.credits,
    description: body.description ?? null,
    maxUses: body.max_uses,
    expiresAt,
    createdBy: admin.id,
  }));
  // One entry per batch: what every code of it gives, and the codes' hints (never the codes).
  const batch = (ids: Map<string, number> | undefined) =>
    ids && {
      credits: body.credits,
      max_uses: body.max_uses,
      expires_at: expiresAt,
      description: body.description ?? null,
      count: ids.size,
      ids: [...ids.values()],
      code_hints: rows.map((r) => r.codeHint),
    };
  const subject = {
    action: 'redeem_code.create' as const,
    entity: (ids: Map<string, number>) => codeEntity(Math.min(...ids.values())),
    read: async (_db: Db, ids: Map<string, number> | undefined) => batch(ids),
  };
  const ids = await audited(ctx, admin, subject, (tx) => redeemRepository.insertCodes(tx, rows));
  // 80 random bits make a collision with an existing code practically impossible; if one happens the
  // batch is one short rather than handing out a code that redeems someone else's.
  const created: CreatedRedeemCode[] = [];
  for (const [codeHash, id] of ids) {
    const row = await redeemRepository.findById(ctx.db, id);
    if (row) created.push({ ...toRedeemCode(row), code: formatRedeemCode(plain.get(codeHash)!) });
  }
  created.sort((a, b) => a.id - b.id);
  await publishCode(ctx, 'insert', created[0]?.id ?? 0);
  return created;
}

export async function updateRedeemCode(
  ctx: AppContext,
  admin: Actor,
  id: number,
  patch: RedeemCodePatch,
): Promise<RedeemCode> {
  const values = {
    isActive: patch.is_active,
    description: patch.description,
    expiresAt: futureDate(patch.expires_at),
  };
  const subject = { action: 'redeem_code.update' as const, entity: codeEntity(id), read: readCode(id) };
  const updated = await audited(ctx, admin, subject, (tx) => redeemRepository.update(tx, id, values));
  if (!updated) throw new AppError('REDEEM_CODE_NOT_FOUND');
  await publishCode(ctx, 'update', id);
  return toRedeemCode((await redeemRepository.findById(ctx.db, id))!);
}

/** The history keeps its rows (code_id becomes null); the credits already given stay given. */
export async function deleteRedeemCode(ctx: AppContext, admin: Actor, id: number): Promise<void> {
  const subject = { action: 'redeem_code.delete' as const, entity: codeEntity(id), read: readCode(id) };
  if (!(await audited(ctx, admin, subject, (tx) => redeemRepository.delete(tx, id))))
    throw new AppError('REDEEM_CODE_NOT_FOUND');
  await publishCode(ctx, 'delete', id);
}

/**
 * The spec's redeem_code procedure. One transaction claims the account's success row for the code
 * (unique per code and account), spends one use with a conditional UPDATE and adds the credits through
 * the ledger; any refusal rolls all of it back and is then recorded as a failed attempt.
 */
export async function redeemCode(
  ctx: AppContext,
  signedIn: Actor,
  body: RedeemBody,
  request: { idempotencyKey: string | undefined; scope: string },
): Promise<IdempotentOutcome<RedeemResult>> {
  const account = await accountsRepository.findById(ctx.db, signedIn.id);
  if (!account) throw new AppError('USER_NOT_FOUND');
  const normalized = normalizeRedeemCode(body.code);
  const idempotency = {
    accountId: signedIn.id,
    key: request.idempotencyKey,
    scope: request.scope,
    body: { code: normalized },
  };
  const earlier = await storedOutcome<RedeemResult>(ctx, idempotency);
  if (earlier) return earlier;
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  const failures = await redeemRepository.failuresSince(ctx.db, signedIn.id, since);
  if (failures.count >= REDEEM_FAILURE_LIMIT) {
    // The oldest failure leaves the window first, and a try is allowed again once one has.
    const oldest = failures.oldest?.getTime() ?? Date.now();
    throw new AppError('RATE_LIMITED', {
      retryAfterSeconds: (oldest + FAILURE_WINDOW_MS - Date.now()) / 1000,
    });
  }
  const code = await redeemRepository.findByHash(ctx.db, hashRedeemCode(normalized));
  const hint = code?.codeHint ?? redeemCodeHint(normalized);
  try {
    if (!code) throw new AppError('INVALID_OR_EXPIRED_CODE');
    const outcome = await runIdempotent(ctx, idempotency, 200, async (tx) => {
      const historyId = await redeemRepository.claimSuccess(tx, {
        codeId: code.id,
        code: hint,
        credits: code.credits,
        userId: signedIn.id,
      });
      if (historyId === null) throw new AppError('CODE_ALREADY_REDEEMED');
      const used = await redeemRepository.useOnce(tx, code.id);
      if (!used) throw new AppError('INVALID_OR_EXPIRED_CODE');
      const added = await creditLedger.change(tx, {
        accountId: signedIn.id,
        delta: used.credits,
        reason: 'redeem',
        actorId: signedIn.id,
        refType: 'redeem_code',
        refId: String(code.id),
      });
      return { success: true, message: SUCCESS_MESSAGE, credits: used.credits, balance: added.balance };
    });
    if (!outcome.replayed) {
      await publishBalanceChange(ctx, account);
      await publishCode(ctx, 'update', code.id);
    }
    return outcome;
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === 'INVALID_OR_EXPIRED_CODE' || error.code === 'CODE_ALREADY_REDEEMED')
    ) {
      await redeemRepository.recordFailure(ctx.db, {
        codeId: code?.id ?? null,
        code: hint,
        userId: signedIn.id,
        errorCode: error.code,
      });
      // Admins watching the redemption history see failed attempts arrive as they happen.
      await publishCode(ctx, 'update', code?.id ?? 'unknown');
    }
    throw error;
  }
}

/** Own attempts; admins see everyone's (or one account's with `user_id`). */
export async function listRedeemHistory(
  ctx: AppContext,
  signedIn: Actor,
  query: RedeemHistoryQuery,
): Promise<ListResponse<RedeemHistoryEntry>> {
  const { rows, total } = await redeemRepository.history(ctx.db, {
    userId: signedIn.isAdmin ? query.user_id : signedIn.id,
    status: query.status,
    ...pageWindow(query),
  });
  return pageOf(query, { rows, total }, toRedeemHistoryEntry);
}
