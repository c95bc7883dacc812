import type {
  ChangePasswordBody,
  Me,
  SessionInfo,
  SignInBody,
  SignUpBody,
  TwoFactorChallenge,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { Answer, Client } from '../../platform/http.js';
import { meWithTwoFactor, twoFactorChallenge } from '../account-security/two-factor.service.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import { apiKeysRepository } from '../api-keys/api-keys.repository.js';
import { recordAudit, secretChanged } from '../audit/audit.service.js';
import { endTelegramLinkOf, publishUnlinked } from '../telegram/telegram-link.service.js';
import { isWrongPassword, translateAuthError } from './auth-errors.js';
import { announceNotices, notifyAdmins } from '../notifications/notify.js';
import { readSignUpSettings } from './sign-up-settings.service.js';
import { toSessionInfo } from './session-mapper.js';
import { sessionRepository } from './session.repository.js';
import { signInFailed, slowDownIfGuessed } from './sign-in-failure.service.js';
import { rateLimited, reserveSignInAttempt } from './sign-in-limiter.js';

function tokenEmail(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      email?: unknown;
    };
    return typeof payload.email === 'string' ? payload.email : undefined;
  } catch {
    return undefined;
  }
}

async function meById(ctx: AppContext, id: string): Promise<Me> {
  const row = await accountsRepository.findById(ctx.db, id);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return meWithTwoFactor(ctx, row);
}

export async function signUp(ctx: AppContext, client: Client, body: SignUpBody): Promise<void> {
  if (!(await readSignUpSettings(ctx.db)).open) throw new AppError('SIGN_UP_CLOSED');
  const email = body.email.toLowerCase();
  const user = await ctx.auth
    .signUp(client, {
      email,
      password: body.password,
      name: body.full_name ?? '',
      username: body.username || email,
      // The page's language, shown to a visitor who had not signed in yet: not the account's choice.
      ...(body.language ? { browserLanguage: body.language } : {}),
    })
    .catch(translateAuthError);
  await ctx.bus.publish({ table: 'auth_users', action: 'insert', id: email, audience: [] });
  // Open sign-up lets anyone in: every admin hears of each new account, in their own language.
  const username = user.username ?? email;
  const notified = await notifyAdmins(ctx, ctx.db, {
    kind: 'account_signed_up',
    params: { account_id: user.id, email, username },
  });
  await announceNotices(ctx, notified);
}

export async function signIn(
  ctx: AppContext,
  client: Client,
  body: SignInBody,
): Promise<Answer<Me | TwoFactorChallenge>> {
  const email = body.email.toLowerCase();
  const slot = await reserveSignInAttempt(ctx.db, email, client.ip);
  if (slot.overLimit) throw rateLimited(slot);
  await slowDownIfGuessed(slot);
  let result;
  try {
    result = await ctx.auth.signIn(client, { email, password: body.password });
  } catch (error) {
    // Only a wrong password counts against the limit; the reserved rows stay as the failure record.
    if (isWrongPassword(error)) await signInFailed(ctx, email, slot);
    else await slot.release();
    translateAuthError(error);
  }
  await slot.release();
  const { accountId, setCookies } = result;
  // The password was right; better-auth held the session back and left a challenge cookie instead.
  if (accountId === null) return { body: twoFactorChallenge(), setCookies };
  return { body: await meById(ctx, accountId), setCookies };
}

export async function verifyEmail(ctx: AppContext, client: Client, token: string): Promise<Answer<Me>> {
  const { setCookies } = await ctx.auth.verifyEmail(client, token).catch(translateAuthError);
  // A second click on the same link confirms nothing new and signs nobody in: say so plainly.
  if (setCookies.length === 0) throw new AppError('ALREADY_CONFIRMED');
  // better-auth has checked the token's signature; its payload names the account it confirmed.
  const email = tokenEmail(token);
  const user = email ? await accountsRepository.findByEmail(ctx.db, email) : undefined;
  if (!user) throw new AppError('INVALID_TOKEN');
  await ctx.bus.publish({ table: 'auth_users', action: 'update', id: user.id, audience: [user.id] });
  return { body: await meById(ctx, user.id), setCookies };
}

/** Ends the client's session; the answer's cookies clear it in the browser. */
export async function signOut(ctx: AppContext, actor: Actor | null, client: Client): Promise<Answer<void>> {
  // No cookie, no session to end (a request with an API key has had its cookies dropped, see
  // platform/csrf.ts): the answer must not clear a session cookie the browser holds either.
  if (!client.headers.cookie) return { body: undefined };
  const { setCookies } = await ctx.auth.signOut(client);
  if (actor?.sessionId) await callersChanged(ctx, actor.id);
  return { body: undefined, setCookies };
}

/** Every instance drops what it cached about the account's sessions and keys (they just changed). */
function callersChanged(ctx: AppContext, accountId: string): Promise<void> {
  return ctx.bus.publishInternal({ type: 'callers_changed', accountId });
}

/**
 * Whoever knew the old password may hold a session or have made an API key with one: a new password
 * ends every other session and every key of the account, on every instance. The one changing it
 * stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  signedIn: Actor,
  client: Client,
  body: ChangePasswordBody,
): Promise<Answer<void>> {
  const { setCookies } = await ctx.auth
    .changePassword(client, { currentPassword: body.current_password, newPassword: body.new_password })
    .catch(translateAuthError);
  await endOtherSessionsAndKeys(ctx, signedIn.id, signedIn.sessionId);
  await recordAudit(ctx.db, signedIn, {
    action: 'password.change',
    target: signedIn,
    ...secretChanged('password'),
  });
  return { body: undefined, setCookies };
}

/**
 * After a password change or reset: every session of the account but `keepSessionId`, every API key
 * of it and its linked Telegram chat end now (a key or a chat is linked from a session, so it is as
 * suspect as the sessions are).
 */
export async function endOtherSessionsAndKeys(
  ctx: AppContext,
  accountId: string,
  keepSessionId: string | null,
): Promise<void> {
  const unlinked = await ctx.db.transaction(async (tx) => {
    await sessionRepository.deleteOthersForUser(tx, accountId, keepSessionId);
    await apiKeysRepository.revokeAllForAccount(tx, accountId);
    return endTelegramLinkOf(tx, accountId);
  });
  await callersChanged(ctx, accountId);
  if (unlinked) await publishUnlinked(ctx, accountId);
}

export async function listMySessions(ctx: AppContext, signedIn: Actor): Promise<SessionInfo[]> {
  const rows = await sessionRepository.listForUser(ctx.db, signedIn.id);
  return rows.map((row) => toSessionInfo(row, signedIn.sessionId));
}

export async function endMySession(ctx: AppContext, signedIn: Actor, sessionId: string): Promise<void> {
  if (!(await sessionRepository.deleteOne(ctx.db, signedIn.id, sessionId)))
    throw new AppError('SESSION_NOT_FOUND');
  await recordAudit(ctx.db, signedIn, {
    action: 'session.end',
    target: signedIn,
    after: { session_id: sessionId },
  });
  await callersChanged(ctx, signedIn.id);
}

/** An admin ended every session of an account (the account is known to exist). */
export async function endAllSessions(ctx: AppContext, accountId: string): Promise<number> {
  const ended = await sessionRepository.deleteAllForUser(ctx.db, accountId);
  await callersChanged(ctx, accountId);
  return ended;
}
