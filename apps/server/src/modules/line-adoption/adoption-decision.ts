import { buyerTerms } from '../reseller-terms/buyer-terms.js';
import {
  compactOverrides,
  fromDisplayDate,
  isValidLineCredential,
  keptOverrides,
  lineEntryExtraSchema,
  lineUsernameMaxLength,
  parseExpiryDate,
  planAllowsServerProtocol,
  restrictionOverridesSchema,
  type AdoptionBody,
  type AdoptionRefusal,
  type LineEntryExtra,
  type LineRestrictions,
  type UnmanagedAccount,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { accountsRepository, type AccountRow } from '../accounts/accounts.repository.js';
import type { LinePlanRow } from '../line-plans/line-plans.repository.js';
import { planForNewLine } from '../line-plans/line-plans.service.js';
import { planCharge } from '../lines/line-charge.js';
import { readAgent } from '../servers/agent-read.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import { lineAdoptionRepository } from './line-adoption.repository.js';

/** A problem the panel adds to an account whose settings it could not keep as the agent listed them. */
export const SETTINGS_NOT_KEPT = "The panel cannot keep this entry's settings as they are";

/**
 * The entry's settings as the agent lists them: its restrictions (kept as the line's own values)
 * and its verbatim extra. Settings the panel cannot read make the account not adoptable, rather
 * than adopted without them.
 */
function settingsOf(account: Record<string, unknown>): {
  restrictions: LineRestrictions;
  extra: LineEntryExtra | null;
  unreadable: boolean;
} {
  const restrictions = restrictionOverridesSchema.safeParse(account.restrictions ?? {});
  // An agent that keeps entries whole lists `extra` for every account; one that lists none would
  // write the adopted entry without the settings the panel does not model.
  const extra = lineEntryExtraSchema.safeParse(account.extra);
  return {
    restrictions: restrictions.success ? compactOverrides(restrictions.data) : {},
    extra: extra.success ? extra.data : null,
    unreadable: !restrictions.success || !extra.success,
  };
}

/** The agent's accounts outside its block, as the API lists them (dates ISO). */
export async function readUnmanagedAccounts(ctx: AppContext, server: ServerRow): Promise<UnmanagedAccount[]> {
  const body = await readAgent(
    ctx,
    server,
    (client) => client.unmanagedAccounts(),
    () => new AppError('ADOPTION_NOT_SUPPORTED'),
  );
  const accounts = (body as { accounts?: unknown } | null)?.accounts;
  if (!Array.isArray(accounts)) throw new AppError('ADOPTION_NOT_SUPPORTED');
  return accounts.flatMap((entry): UnmanagedAccount[] => {
    const account = entry as Record<string, unknown>;
    if (typeof account.username !== 'string' || typeof account.fingerprint !== 'string') return [];
    const settings = settingsOf(account);
    const problems = Array.isArray(account.problems)
      ? account.problems.filter((p): p is string => typeof p === 'string')
      : [];
    return [
      {
        username: account.username,
        password_set: account.passwordSet === true,
        expiry_date: typeof account.expiryDate === 'string' ? fromDisplayDate(account.expiryDate) : null,
        enabled: account.enabled !== false,
        adoptable: account.adoptable === true && !settings.unreadable,
        problems: settings.unreadable ? [...problems, SETTINGS_NOT_KEPT] : problems,
        fingerprint: account.fingerprint,
        restrictions: settings.restrictions,
        extra: settings.extra,
        entry: typeof account.entry === 'string' ? account.entry : null,
      },
    ];
  });
}

/** The file an account was listed from: its extra says (an F-line's text or a section's lines). */
const entryFormat = (account: UnmanagedAccount): 'oscam' | 'cccam' =>
  account.extra && 'cccam' in account.extra ? 'cccam' : 'oscam';

export async function serverOrNotFound(ctx: AppContext, serverId: number): Promise<ServerRow> {
  const server = await serversRepository.findById(ctx.db, serverId);
  if (!server) throw new AppError('SERVER_NOT_FOUND');
  return server;
}

export type AccountDecision = {
  username: string;
  fingerprint: string;
  status: 'adoptable' | 'already_adopted' | 'refused';
  reason: AdoptionRefusal | null;
  problems: string[];
  expiryDate: string | null;
  /** The entry has no expiry of its own: the agent is sent the one the admin gave. */
  expiryGiven: boolean;
  enabled: boolean;
  /** The panel's line of this name, when there is one. */
  lineId: number | null;
  /** The entry's own settings, which the adopted line keeps. */
  restrictions: LineRestrictions;
  extra: LineEntryExtra | null;
  /** The entry as the agent will write it. */
  entry: string | null;
};

export type AdoptionDecision = {
  server: ServerRow;
  plan: LinePlanRow;
  owner: AccountRow;
  /** Credits each adopted account costs the owner. */
  price: number;
  items: AccountDecision[];
};

/**
 * Decides every requested account against the agent's list as it is now and the panel's lines: the
 * same answer for the preview and the commit. The agent checks the fingerprint once more when it
 * moves the entry, so an edit after this read is still refused.
 */
export async function decideAdoption(
  ctx: AppContext,
  serverId: number,
  body: AdoptionBody,
): Promise<AdoptionDecision> {
  const server = await serverOrNotFound(ctx, serverId);
  const plan = await planForNewLine(ctx, body.plan_id);
  if (!planAllowsServerProtocol(plan.restrictions, server.protocol)) {
    throw new AppError('LINE_PLAN_PROTOCOL_NOT_ALLOWED', { params: { protocol: server.protocol } });
  }
  const owner = await accountsRepository.findById(ctx.db, body.owner_id);
  if (!owner) throw new AppError('USER_NOT_FOUND');
  const given = body.expiry_date === null ? null : parseExpiryDate(body.expiry_date);
  if (body.expiry_date !== null && !given) throw new AppError('LINE_INVALID_EXPIRY_DATE');
  // The owner pays their own price for the plan (an admin's adoption is not held to their limits).
  const price =
    body.charge_months === null
      ? 0
      : planCharge(
          plan,
          body.charge_months,
          await buyerTerms(ctx.db, { id: owner.id, isAdmin: owner.isAdmin }),
        );

  const listed = new Map((await readUnmanagedAccounts(ctx, server)).map((a) => [a.username, a]));
  const requested = [...new Map(body.accounts.map((a) => [a.username, a])).values()];
  const existing = new Map(
    (
      await lineAdoptionRepository.linesNamed(
        ctx.db,
        requested.map((a) => a.username),
      )
    ).map((l) => [l.username, l]),
  );
  const maxLength = lineUsernameMaxLength(server.protocol);
  const items = requested.map(({ username, fingerprint }): AccountDecision => {
    const account = listed.get(username);
    const line = existing.get(username);
    const base = {
      username,
      fingerprint,
      problems: account?.problems ?? [],
      expiryDate: null,
      expiryGiven: false,
      enabled: account?.enabled ?? true,
      lineId: line?.id ?? null,
      // What the entry has, and "none" for what its plan would add: written as the file had it.
      restrictions: account
        ? keptOverrides(plan.restrictions, account.restrictions as LineRestrictions, entryFormat(account))
        : {},
      extra: account?.extra ?? null,
      entry: account?.entry ?? null,
    };
    const refused = (reason: AdoptionRefusal): AccountDecision => ({ ...base, status: 'refused', reason });
    if (line && line.serverId === server.id && (!account || account.fingerprint === fingerprint)) {
      // A rerun: the line exists (adopted, or its adoption is under way). Nothing happens twice.
      return { ...base, status: 'already_adopted', reason: null };
    }
    if (line) return refused('USERNAME_TAKEN');
    if (!account) return refused('NOT_FOUND');
    if (account.fingerprint !== fingerprint) return refused('CHANGED');
    if (!isValidLineCredential(username)) return refused('USERNAME_INVALID');
    if (username.length > maxLength) return refused('USERNAME_TOO_LONG');
    if (!account.adoptable) return refused('NOT_ADOPTABLE');
    const expiryDate = account.expiry_date ?? given;
    if (!expiryDate) return refused('EXPIRY_REQUIRED');
    return { ...base, status: 'adoptable', reason: null, expiryDate, expiryGiven: !account.expiry_date };
  });
  return { server, plan, owner, price, items };
}
