import { buyerTerms, ownLimits } from '../reseller-terms/buyer-terms.js';
import { creditLedger } from '../credits/credit-ledger.js';
import { publishBalanceChange } from '../credits/credit-events.js';
import { meWithTwoFactor } from '../account-security/two-factor.service.js';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_GROUP_ID,
  USER_GROUP_ID,
  type AcceptInviteBody,
  type AccountListQuery,
  type AccountPatch,
  type CreateAccountBody,
  type CreateAccountResult,
  type ListResponse,
  type Language,
  type ManagedAccount,
  type Me,
  type UpdateProfileBody,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { translate } from '../../i18n/server-texts.js';
import { access, type Actor } from '../../platform/access.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/password.js';
import { accountEditAction, accountValues, audited, recordAudit } from '../audit/audit.service.js';
import { translateAuthError } from '../auth/auth-errors.js';
import { endAllSessions, endOtherSessionsAndKeys } from '../auth/auth.service.js';
import { sendConfirmationMail } from '../auth/resend-confirmation.service.js';
import { sessionRepository } from '../auth/session.repository.js';
import { groupsRepository } from '../groups/groups.repository.js';
import { recipientLanguages } from '../locale/account-language.service.js';
import { toManagedAccount } from './account-mapper.js';
import { accountsRepository, type NewAccount } from './accounts.repository.js';

/** How long an invite link stays valid. */
const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The account itself and its owner see the change live; admins see every event. */
async function publishAccountChange(
  ctx: AppContext,
  action: 'insert' | 'update',
  account: { id: string; ownerId: string | null },
) {
  const audience = account.ownerId ? [account.id, account.ownerId] : [account.id];
  await ctx.bus.publish({ table: 'auth_users', action, id: account.id, audience });
}

/** Resellers (add_credits) manage sub-accounts of their own; plain users have none. */
function canOwnAccounts(actor: Actor): boolean {
  return actor.isAdmin || actor.permissions.has('add_credits');
}

async function managedOrNotFound(ctx: AppContext, actor: Actor, id: string): Promise<ManagedAccount> {
  const row = await accountsRepository.findManagedById(ctx.db, id);
  return toManagedAccount(access.ownAccountOrNotFound(actor, row) as NonNullable<typeof row>);
}

export async function getMe(ctx: AppContext, signedIn: Actor): Promise<Me> {
  // Read now, not from the caller cache: the balance shown must be the ledger's, even right after
  // a payment another instance booked (its change event may still be on its way here).
  const row = await accountsRepository.findById(ctx.db, signedIn.id);
  if (!row) throw new AppError('UNAUTHENTICATED');
  return meWithTwoFactor(ctx, row);
}

export async function updateMe(ctx: AppContext, signedIn: Actor, body: UpdateProfileBody): Promise<Me> {
  const read = (db: Db) => accountValues(db, signedIn.id);
  await audited(ctx, signedIn, { action: 'account.update', target: signedIn, read }, (tx) =>
    accountsRepository.update(tx, signedIn.id, { name: body.full_name }),
  );
  const row = await accountsRepository.findById(ctx.db, signedIn.id);
  if (!row) throw new AppError('UNAUTHENTICATED');
  await publishAccountChange(ctx, 'update', row);
  return meWithTwoFactor(ctx, row);
}

/** Admins see every account (optionally one reseller's, `owner_id`); anyone else only the accounts they own. */
export async function listAccounts(
  ctx: AppContext,
  signedIn: Actor,
  query: AccountListQuery,
): Promise<ListResponse<ManagedAccount>> {
  if (query.subtree === 'true') {
    // A reseller's whole tree (the reports' account picker), each account with its level under the viewer.
    const depths = await accountsRepository.subtreeDepths(ctx.db, signedIn.isAdmin ? null : signedIn.id);
    const { rows, total } = await accountsRepository.list(ctx.db, {
      ...query,
      owner_id: signedIn.isAdmin ? query.owner_id : undefined,
      ids: signedIn.isAdmin ? undefined : [...depths.keys()],
      ...pageWindow(query),
    });
    return pageOf(query, { rows, total }, (row) => ({ ...toManagedAccount(row), depth: depths.get(row.id) }));
  }
  const { rows, total } = await accountsRepository.list(ctx.db, {
    ...query,
    owner_id: signedIn.isAdmin ? query.owner_id : signedIn.id,
    ...pageWindow(query),
  });
  return pageOf(query, { rows, total }, toManagedAccount);
}

export async function getAccount(ctx: AppContext, signedIn: Actor, id: string): Promise<ManagedAccount> {
  return managedOrNotFound(ctx, signedIn, id);
}

/**
 * The account and, with a password, its better-auth credential row, in the caller's transaction so
 * neither is left without the other; false when the email is taken. An account created in the Admin
 * group is an administrator.
 */
export async function insertAccount(
  tx: Db,
  account: Omit<NewAccount, 'isAdmin'>,
  passwordHash: string | null,
): Promise<boolean> {
  if (!(await accountsRepository.insert(tx, { ...account, isAdmin: account.groupId === ADMIN_GROUP_ID }))) {
    return false;
  }
  if (passwordHash) await accountsRepository.insertCredential(tx, account.id, passwordHash);
  return true;
}

/**
 * Admins create any account (and pick its group); a reseller creates a sub-account it owns, in Users
 * until it receives credits. With a password the account can sign in at once; without one it gets an
 * invite mail whose link sets the password (better-auth's reset-password token) and confirms the email.
 */
export async function createAccount(
  ctx: AppContext,
  signedIn: Actor,
  body: CreateAccountBody,
): Promise<CreateAccountResult> {
  if (!canOwnAccounts(signedIn)) throw new AppError('FORBIDDEN');
  if (body.group_id !== undefined && !signedIn.isAdmin) throw new AppError('ADMIN_ONLY');
  if (body.group_id !== undefined && !(await groupsRepository.findById(ctx.db, body.group_id))) {
    throw new AppError('GROUP_NOT_FOUND');
  }
  const email = body.email.toLowerCase();
  const id = randomUUID();
  const ownerId = signedIn.isAdmin ? null : signedIn.id;
  const fee = ownerId ? await subResellerFee(ctx, signedIn) : 0;
  let charged: { balance: number; ownerId: string | null } | null = null;
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : null;
  // Whoever creates an account most likely shares its reader's language: the invite and every later
  // message start in it, until the new account picks its own. Not as the account's choice: the new
  // account's own browser keeps the language it shows.
  const language = (await recipientLanguages(ctx.db, [signedIn.id]))(signedIn.id);
  const inserted = await audited(
    ctx,
    signedIn,
    { action: 'account.create', target: { id, email }, read: (db) => accountValues(db, id) },
    async (tx) => {
      const row = await insertAccount(
        tx,
        {
          id,
          email,
          name: body.full_name ?? '',
          username: body.username || email,
          emailVerified: body.password !== undefined,
          groupId: body.group_id ?? USER_GROUP_ID,
          ownerId,
          notes: body.notes ?? null,
          browserLanguage: language,
        },
        passwordHash,
      );
      // The fee and the account commit together: a balance that cannot pay leaves no account behind.
      if (row && fee > 0) {
        charged = await creditLedger.change(tx, {
          accountId: signedIn.id,
          delta: -fee,
          reason: 'sub_reseller_create',
          actorId: signedIn.id,
          refType: 'account',
          refId: id,
          note: email,
        });
      }
      return row;
    },
  );
  if (!inserted) throw new AppError('EMAIL_TAKEN');
  if (charged)
    await publishBalanceChange(ctx, {
      id: signedIn.id,
      ownerId: (charged as { ownerId: string | null }).ownerId,
    });
  const invited = body.password === undefined;
  if (invited) await sendInvite(ctx, { id, email, invitedBy: signedIn.email, language });
  await publishAccountChange(ctx, 'insert', { id, ownerId });
  return { account: toManagedAccount((await accountsRepository.findManagedById(ctx.db, id))!), invited };
}

/**
 * Whether the reseller may create a sub-account here, and its fee. Each account above (and the
 * creator itself) may limit how many levels of sub-resellers it has below it: the new account would
 * be one level below the creator, two below the creator's parent, and so on.
 */
async function subResellerFee(ctx: AppContext, creator: Actor): Promise<number> {
  const terms = await buyerTerms(ctx.db, creator);
  for (const link of terms.chain) {
    const depth = link.limits.sub_reseller_depth;
    if (depth === null || link.depth + 1 <= depth) continue;
    if (link.depth === 0 && depth === 0) throw new AppError('SUB_RESELLER_NOT_ALLOWED');
    throw new AppError('SUB_RESELLER_DEPTH_REACHED', { params: { depth, account: link.email } });
  }
  return ownLimits(terms)?.sub_reseller_price ?? 0;
}

async function sendInvite(
  ctx: AppContext,
  input: { id: string; email: string; invitedBy: string; language: Language },
) {
  const token = randomBytes(24).toString('base64url');
  // A password link like a reset's, so accepting reuses better-auth's checks.
  await ctx.auth.createPasswordToken(token, input.id, new Date(Date.now() + INVITE_TTL_MS));
  const link = `${ctx.config.publicUrl}/set-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: input.email,
    subject: translate(input.language, 'accounts.inviteSubject'),
    text: translate(input.language, 'accounts.inviteText', { invitedBy: input.invitedBy, link }),
    link,
  });
}

/** The invite link's page: sets the first password and confirms the email (the link proved it). */
export async function acceptInvite(ctx: AppContext, body: AcceptInviteBody): Promise<void> {
  const verification = await ctx.auth.passwordToken(body.token);
  if (!verification || verification.expiresAt < new Date()) throw new AppError('INVALID_TOKEN');
  const { accountId } = verification;
  await ctx.auth.resetPassword({ token: body.token, newPassword: body.password }).catch(translateAuthError);
  // Whoever knew the old password (if the account had one) is signed out everywhere, keys included.
  await endOtherSessionsAndKeys(ctx, accountId, null);
  await accountsRepository.markEmailVerified(ctx.db, accountId);
  const row = await accountsRepository.findById(ctx.db, accountId);
  if (row) await publishAccountChange(ctx, 'update', row);
}

/**
 * Admins change group, ban state, notes and name of any account; a reseller may change notes and
 * name of its own sub-accounts. Nobody bans themselves or moves themselves out of their group.
 */
export async function updateAccount(
  ctx: AppContext,
  signedIn: Actor,
  id: string,
  patch: AccountPatch,
): Promise<ManagedAccount> {
  const target = access.ownAccountOrNotFound(signedIn, await accountsRepository.findById(ctx.db, id));
  const adminOnly = patch.group_id !== undefined || patch.banned !== undefined;
  if (adminOnly && !signedIn.isAdmin) throw new AppError('ADMIN_ONLY');
  if (!signedIn.isAdmin && target.id === signedIn.id) throw new AppError('USER_NOT_FOUND');
  if (patch.group_id !== undefined && !(await groupsRepository.findById(ctx.db, patch.group_id))) {
    throw new AppError('GROUP_NOT_FOUND');
  }
  if (adminOnly && target.id === signedIn.id) throw new AppError('FORBIDDEN');
  // The group decides admin rights: is_admin follows it, so moving out of Admin really demotes.
  const groupMove =
    patch.group_id === undefined
      ? {}
      : {
          groupId: patch.group_id,
          isAdmin: patch.group_id === ADMIN_GROUP_ID,
          role: patch.group_id === ADMIN_GROUP_ID ? 'admin' : 'user',
        };
  const subject = { action: accountEditAction, target, read: (db: Db) => accountValues(db, id) };
  await audited(ctx, signedIn, subject, (tx) =>
    accountsRepository.update(tx, id, {
      ...groupMove,
      banned: patch.banned,
      notes: patch.notes,
      name: patch.full_name,
    }),
  );
  // A ban ends every session at once rather than at the next expiry.
  if (patch.banned) await sessionRepository.deleteAllForUser(ctx.db, id);
  await publishAccountChange(ctx, 'update', target);
  return managedOrNotFound(ctx, signedIn, id);
}

export async function endAccountSessions(ctx: AppContext, admin: Actor, id: string): Promise<number> {
  if (!(await accountsRepository.findById(ctx.db, id))) throw new AppError('USER_NOT_FOUND');
  const ended = await endAllSessions(ctx, id);
  await recordAudit(ctx.db, admin, {
    action: 'sessions.end',
    target: { id },
    after: { sessions_ended: ended },
  });
  return ended;
}

/**
 * An admin sends an unconfirmed account its confirmation mail again. An invited account has no
 * password yet, so it gets a fresh invite instead (its link sets the password and confirms the email).
 */
export async function resendAccountConfirmation(
  ctx: AppContext,
  admin: Actor,
  id: string,
): Promise<'confirmation' | 'invite'> {
  const account = await accountsRepository.findById(ctx.db, id);
  if (!account) throw new AppError('USER_NOT_FOUND');
  if (account.emailVerified) throw new AppError('ACCOUNT_ALREADY_CONFIRMED');
  if (await accountsRepository.hasPassword(ctx.db, id)) {
    await sendConfirmationMail(ctx, account.email);
    return 'confirmation';
  }
  const language = (await recipientLanguages(ctx.db, [id]))(id);
  await sendInvite(ctx, { id, email: account.email, invitedBy: admin.email, language });
  return 'invite';
}
