import type {
  Me,
  TwoFactorChallenge,
  TwoFactorCodeBody,
  TwoFactorConfirmBody,
  TwoFactorPasswordBody,
  TwoFactorSetup,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { Answer, Client } from '../../platform/http.js';
import { toMe } from '../accounts/account-mapper.js';
import { accountsRepository, type AccountRow } from '../accounts/accounts.repository.js';
import { apiKeysRepository } from '../api-keys/api-keys.repository.js';
import { AuthRefusal } from '../auth/auth-adapter.js';
import { isWrongPassword, isWrongTwoFactorCode, translateTwoFactorError } from '../auth/auth-errors.js';
import { signInFailed, slowDownIfGuessed } from '../auth/sign-in-failure.service.js';
import {
  rateLimited,
  reserveAttempt,
  reserveSignInAttempt,
  type SignInSlot,
} from '../auth/sign-in-limiter.js';
import { twoFactorSetupRequired } from './security-settings.service.js';

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
  client: Client,
  email: string,
  call: () => Promise<T>,
): Promise<T> {
  const slot = await reserveSignInAttempt(ctx.db, email, client.ip);
  if (slot.overLimit) throw rateLimited(slot);
  await slowDownIfGuessed(slot);
  try {
    const result = await call();
    await slot.release();
    return result;
  } catch (error) {
    if (isWrongPassword(error)) await signInFailed(ctx, email, slot);
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
async function accountChanged(ctx: AppContext, accountId: string, setCookies: string[]): Promise<Answer<Me>> {
  await ctx.bus.publishInternal({ type: 'callers_changed', accountId });
  return {
    body: await meById(ctx, accountId),
    setCookies,
    afterAnswer: () =>
      ctx.bus.publish({ table: 'auth_users', action: 'update', id: accountId, audience: [accountId] }),
  };
}

/**
 * Step one of turning it on: with the password, a new secret and backup codes. Nothing is required at
 * sign-in until the first code from the app is confirmed, so a half-finished setup locks nobody out.
 */
export async function enableTwoFactor(
  ctx: AppContext,
  me: Actor,
  client: Client,
  body: TwoFactorPasswordBody,
): Promise<TwoFactorSetup> {
  if (me.account?.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  const { totpUri, backupCodes } = await withPasswordCheck(ctx, client, me.email, () =>
    ctx.auth.enableTwoFactor(client, body.password),
  );
  if (!totpUri || !backupCodes) throw new AppError('INTERNAL');
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return { totp_uri: totpUri, secret, backup_codes: backupCodes };
}

/**
 * Step two: the first code from the app turns it on (better-auth renews the session cookie). Asked
 * to, it also ends the account's API keys: they never ask for a code.
 */
export async function confirmTwoFactor(
  ctx: AppContext,
  me: Actor,
  client: Client,
  body: TwoFactorConfirmBody,
): Promise<Answer<Me>> {
  if (me.account?.twoFactorEnabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  if (!isAuthenticatorCode(body.code)) throw new AppError('INVALID_TWO_FACTOR_CODE');
  const claim = await claimAuthenticatorCode(ctx, me.id, body.code);
  if (claim.overLimit) throw new AppError('INVALID_TWO_FACTOR_CODE');
  const { setCookies } = await ctx.auth
    .verifyAuthenticatorCode(client, body.code)
    .catch(async (error: unknown) => {
      await claim.release();
      return translateTwoFactorError(error);
    });
  if (body.revoke_api_keys) await apiKeysRepository.revokeAllForAccount(ctx.db, me.id);
  return accountChanged(ctx, me.id, setCookies);
}

/** Off again, with the password; refused while an admin's setting requires it for this account. */
export async function disableTwoFactor(
  ctx: AppContext,
  me: Actor,
  client: Client,
  body: TwoFactorPasswordBody,
): Promise<Answer<Me>> {
  if (!me.account?.twoFactorEnabled) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  if (await twoFactorSetupRequired(ctx, { isAdmin: me.isAdmin, groupId: me.groupId })) {
    throw new AppError('TWO_FACTOR_REQUIRED_BY_ADMIN');
  }
  const { setCookies } = await withPasswordCheck(ctx, client, me.email, () =>
    ctx.auth.disableTwoFactor(client, body.password),
  );
  return accountChanged(ctx, me.id, setCookies);
}

/**
 * The second step of a sign-in: the code for the challenge the password step left in a signed
 * cookie. A wrong code counts against the same limits as a wrong password (per account and per IP);
 * better-auth also ends the challenge after 5 wrong codes. A backup code works once.
 */
export async function verifyTwoFactorSignIn(
  ctx: AppContext,
  client: Client,
  body: TwoFactorCodeBody,
): Promise<Answer<Me>> {
  const accountId = await ctx.auth.twoFactorChallengeAccount(client.headers.cookie);
  const account = accountId ? await accountsRepository.findById(ctx.db, accountId) : undefined;
  if (!account) throw new AppError('TWO_FACTOR_CHALLENGE_EXPIRED');

  const slot = await reserveSignInAttempt(ctx.db, account.email, client.ip);
  if (slot.overLimit) throw rateLimited(slot);
  await slowDownIfGuessed(slot);
  const code = body.code.replace(/\s+/g, '');
  const claim = isAuthenticatorCode(code) ? await claimAuthenticatorCode(ctx, account.id, code) : null;
  // A code already used counts as a wrong one (the failure row stays).
  if (claim?.overLimit) throw new AppError('INVALID_TWO_FACTOR_CODE');
  let result;
  try {
    result = isAuthenticatorCode(code)
      ? await ctx.auth.verifyAuthenticatorCode(client, code)
      : await ctx.auth.verifyBackupCode(client, code);
  } catch (error) {
    await claim?.release();
    if (isWrongTwoFactorCode(error)) await signInFailed(ctx, account.email, slot);
    else await slot.release();
    // A refused challenge (too many codes) is spent: the browser drops its cookie and starts over.
    translateTwoFactorError(error, { setCookies: error instanceof AuthRefusal ? error.setCookies : [] });
  }
  await slot.release();
  return { body: await meById(ctx, account.id), setCookies: result.setCookies };
}

/** The password was right and the account has two-factor sign-in: the browser asks for a code next. */
export function twoFactorChallenge(): TwoFactorChallenge {
  return { two_factor_required: true };
}
