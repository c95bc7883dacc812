import type {
  Me,
  TwoFactorChallenge,
  TwoFactorCodeBody,
  TwoFactorConfirmBody,
  TwoFactorPasswordBody,
  TwoFactorSetup,
} from '@linedesk/shared';
import { isAPIError } from 'better-auth/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { afterAnswer } from '../../platform/http.js';
import { forwardSetCookies, toWebHeaders } from '../auth/auth-adapter.js';
import { toMe } from '../accounts/account-mapper.js';
import { accountsRepository, type AccountRow } from '../accounts/accounts.repository.js';
import { apiKeysRepository } from '../api-keys/api-keys.repository.js';
import { translateAuthError } from '../auth/auth-errors.js';
import { readSignedCookie } from '../auth/session-cookie.js';
import { signInFailed, slowDownIfGuessed } from '../auth/sign-in-failure.service.js';
import {
  rateLimited,
  reserveAttempt,
  reserveSignInAttempt,
  type SignInSlot,
} from '../auth/sign-in-limiter.js';
import { twoFactorSetupRequired } from './security-settings.service.js';

/** better-auth's names for what went wrong with a code; each becomes one of our codes. */
function betterAuthCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

const wrongCode = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE']);

function translateTwoFactorError(error: unknown): never {
  const code = betterAuthCode(error);
  if (code && wrongCode.has(code)) throw new AppError('INVALID_TWO_FACTOR_CODE');
  if (code === 'INVALID_TWO_FACTOR_COOKIE' || code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
    throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');
  }
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED') throw new AppError('RATE_LIMITED');
  if (code === 'TOTP_ALREADY_ENABLED') throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  if (code === 'TOTP_NOT_ENABLED' || code === 'BACKUP_CODES_NOT_ENABLED') {
    throw new AppError('TWO_FACTOR_NOT_ENABLED');
  }
  return translateAuthError(error);
}

/** A 6-digit code comes from the authenticator app; anything else is tried as a backup code. */
function isAuthenticatorCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * An authenticator code is accepted once: whoever watched it being typed cannot reuse it while it is
 * still valid (one 30-second step either side). Claimed before it is checked, and given back when wrong.
 */
function claimAuthenticatorCode(ctx: AppContext, accountId: string, code: string): Promise<SignInSlot> {
  return reserveAttempt(ctx.db, [{ scope: 'totp-used', key: `${accountId}:${code}`, max: 1 }], 3 * 30_000);
}

/**
 * A password typed to turn two-factor sign-in on or off: a wrong one counts against the sign-in limit
 * of the account and the IP, so a borrowed session cannot be used to guess the password either.
 */
async function withPasswordCheck<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  call: () => Promise<T>,
): Promise<T> {
  const slot = await reserveSignInAttempt(ctx.db, email, request.ip);
  if (slot.overLimit) throw rateLimited(reply, slot);
  await slowDownIfGuessed(slot);
  try {
    const result = await call();
    await slot.release();
    return result;
  } catch (error) {
    if (betterAuthCode(error) === 'INVALID_PASSWORD') await signInFailed(ctx, email, slot);
    else await slot.release();
    return translateTwoFactorError(error);
  }
}

/** The account as /api/me shows it, with its two-factor state. */
export async function meWithTwoFactor(ctx: AppContext, row: AccountRow): Promise<Me> {
  const me = toMe(row);
  return {
    ...me,
    two_factor: {
      enabled: row.twoFactorEnabled ?? false,
      setup_required: await twoFactorSetupRequired(ctx, {
        isAdmin: me.is_admin,
        groupId: row.groupId,
        twoFactorEnabled: row.twoFactorEnabled,
      }),
    },
  };
}

async function meById(ctx: AppContext, id: string): Promise<Me> {
  const row = await accountsRepository.findById(ctx.db, id);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return meWithTwoFactor(ctx, row);
}

/**
 * Every instance drops its cached callers of the account: its session and two-factor state changed.
 * The account's own live event follows the answer, which sets the renewed session's cookie: a tab of
 * this browser told first would ask again with the old session, which has ended, and be signed out.
 */
async function accountChanged(ctx: AppContext, reply: FastifyReply, accountId: string): Promise<void> {
  await ctx.bus.publishInternal({ type: 'callers_changed', accountId });
  afterAnswer(reply, () =>
    ctx.bus.publish({ table: 'auth_users', action: 'update', id: accountId, audience: [accountId] }),
  );
}

/**
 * Step one of turning it on: with the password, a new secret and backup codes. Nothing is required at
 * sign-in until the first code from the app is confirmed, so a half-finished setup locks nobody out.
 */
export async function enableTwoFactor(
  ctx: AppContext,
  me: Actor,
  request: FastifyRequest,
  reply: FastifyReply,
  body: TwoFactorPasswordBody,
): Promise<TwoFactorSetup> {
  if (me.account?.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  const result = await withPasswordCheck(ctx, request, reply, me.email, () =>
    ctx.auth.api.enableTwoFactor({ body: { password: body.password }, headers: toWebHeaders(request) }),
  );
  if (!('totpURI' in result) || !result.totpURI || !result.backupCodes) throw new AppError('INTERNAL');
  const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
  return { totp_uri: result.totpURI, secret, backup_codes: result.backupCodes };
}

/**
 * Step two: the first code from the app turns it on (better-auth renews the session cookie). Asked
 * to, it also ends the account's API keys: they never ask for a code.
 */
export async function confirmTwoFactor(
  ctx: AppContext,
  me: Actor,
  request: FastifyRequest,
  reply: FastifyReply,
  body: TwoFactorConfirmBody,
): Promise<Me> {
  if (me.account?.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  if (!isAuthenticatorCode(body.code)) throw new AppError('INVALID_TWO_FACTOR_CODE');
  const claim = await claimAuthenticatorCode(ctx, me.id, body.code);
  if (claim.overLimit) throw new AppError('INVALID_TWO_FACTOR_CODE');
  const result = await ctx.auth.api
    .verifyTOTP({ body: { code: body.code }, headers: toWebHeaders(request), returnHeaders: true })
    .catch(async (error: unknown) => {
      await claim.release();
      return translateTwoFactorError(error);
    });
  forwardSetCookies(result.headers, reply);
  if (body.revoke_api_keys) await apiKeysRepository.revokeAllForAccount(ctx.db, me.id);
  await accountChanged(ctx, reply, me.id);
  return meById(ctx, me.id);
}

/** Off again, with the password; refused while an admin's setting requires it for this account. */
export async function disableTwoFactor(
  ctx: AppContext,
  me: Actor,
  request: FastifyRequest,
  reply: FastifyReply,
  body: TwoFactorPasswordBody,
): Promise<Me> {
  if (!me.account?.twoFactorEnabled) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  if (await twoFactorSetupRequired(ctx, { isAdmin: me.isAdmin, groupId: me.groupId })) {
    throw new AppError('TWO_FACTOR_REQUIRED_BY_ADMIN');
  }
  const result = await withPasswordCheck(ctx, request, reply, me.email, () =>
    ctx.auth.api.disableTwoFactor({
      body: { password: body.password },
      headers: toWebHeaders(request),
      returnHeaders: true,
    }),
  );
  forwardSetCookies(result.headers, reply);
  await accountChanged(ctx, reply, me.id);
  return meById(ctx, me.id);
}

/**
 * The second step of a sign-in: the code for the challenge the password step left in a signed
 * cookie. A wrong code counts against the same limits as a wrong password (per account and per IP);
 * better-auth also ends the challenge after 5 wrong codes. A backup code works once.
 */
export async function verifyTwoFactorSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: TwoFactorCodeBody,
): Promise<Me> {
  const authContext = await ctx.auth.$context;
  const cookieName = authContext.createAuthCookie('two_factor').name;
  const challengeId = readSignedCookie(request.headers.cookie, cookieName, authContext.secret);
  const challenge = challengeId ? await authContext.internalAdapter.findVerificationValue(challengeId) : null;
  const account =
    challenge && challenge.expiresAt > new Date()
      ? await accountsRepository.findById(ctx.db, challenge.value)
      : undefined;
  if (!account) throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');

  const slot = await reserveSignInAttempt(ctx.db, account.email, request.ip);
  if (slot.overLimit) throw rateLimited(reply, slot);
  await slowDownIfGuessed(slot);
  const code = body.code.replace(/\s+/g, '');
  const call = { body: { code }, headers: toWebHeaders(request), returnHeaders: true as const };
  const claim = isAuthenticatorCode(code) ? await claimAuthenticatorCode(ctx, account.id, code) : null;
  // A code already used counts as a wrong one (the failure row stays).
  if (claim?.overLimit) throw new AppError('INVALID_TWO_FACTOR_CODE');
  let result;
  try {
    result = isAuthenticatorCode(code)
      ? await ctx.auth.api.verifyTOTP(call)
      : await ctx.auth.api.verifyBackupCode(call);
  } catch (error) {
    await claim?.release();
    const failed = betterAuthCode(error);
    if (failed && (wrongCode.has(failed) || failed === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')) {
      await signInFailed(ctx, account.email, slot);
    } else {
      await slot.release();
    }
    // A refused challenge (too many codes) is spent: the browser drops its cookie and starts over.
    if (isAPIError(error) && error.headers) forwardSetCookies(new Headers(error.headers), reply);
    translateTwoFactorError(error);
  }
  await slot.release();
  forwardSetCookies(result.headers, reply);
  return meById(ctx, account.id);
}

/** The password was right and the account has two-factor sign-in: the browser asks for a code next. */
export function twoFactorChallenge(): TwoFactorChallenge {
  return { two_factor_required: true };
}
