import {
  isAdminAccount,
  maySellLines,
  permissions as allPermissions,
  type ErrorCode,
  type Permission,
} from '@linedesk/shared';
import { AppError } from './errors.js';

/**
 * An account as the accounts repository reads it (its `accountColumns`): here, below the modules,
 * because an Actor carries the row it was read with.
 */
export type AccountRow = {
  id: string;
  email: string;
  fullName: string;
  username: string;
  notes: string | null;
  credits: number;
  groupId: number;
  groupName: string | null;
  groupPermissions: string[] | null;
  isAdmin: boolean;
  ownerId: string | null;
  banned: boolean;
  emailVerified: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  twoFactorEnabled?: boolean;
  /** The language the account chose; null = never chosen. */
  language?: string | null;
};

/** Who is asking. Built once per request from the session (or, later, an API key). */
export type Actor = {
  id: string;
  email: string;
  isAdmin: boolean;
  groupId: number;
  permissions: ReadonlySet<Permission>;
  sessionId: string | null;
  /** Set when the request came with an API key instead of a session. */
  apiKeyId?: string;
  /**
   * The account row read with the session or key, so /api/me needs no second read. Current: a cached
   * caller is dropped on every change of its account.
   */
  account?: AccountRow;
  /** The request's client address (after TRUST_PROXY), for the audit log. */
  ip?: string;
};

export function buildActor(input: {
  id: string;
  email: string;
  isAdmin: boolean;
  groupId: number;
  groupPermissions: readonly string[];
  sessionId: string | null;
}): Actor {
  const isAdmin = isAdminAccount({ is_admin: input.isAdmin, group_id: input.groupId });
  // Admins hold every permission whatever their group lists: no group edit can take one from them.
  const granted = isAdmin ? allPermissions : allPermissions.filter((p) => input.groupPermissions.includes(p));
  return {
    id: input.id,
    email: input.email,
    isAdmin,
    groupId: input.groupId,
    permissions: new Set(granted),
    sessionId: input.sessionId,
  };
}

/**
 * The one place that answers "may this actor do this to that row". Services call it before they act;
 * the client only hides what these checks would refuse.
 */
export const access = {
  /** `code` words the refusal where an area's spec text differs (replying to a ticket signed out). */
  signedIn(actor: Actor | null, code: ErrorCode = 'UNAUTHENTICATED'): Actor {
    if (!actor) throw new AppError(code);
    return actor;
  },
  /**
   * Browser sessions only: managing keys or sessions with an API key would let a leaked key mint more
   * keys or shut its owner out.
   */
  browserSession(actor: Actor | null): Actor {
    const signedIn = access.signedIn(actor);
    if (signedIn.apiKeyId) throw new AppError('API_KEY_SESSION_REQUIRED');
    return signedIn;
  },
  admin(actor: Actor | null): Actor {
    const signedIn = access.signedIn(actor);
    if (!signedIn.isAdmin) throw new AppError('ADMIN_ONLY');
    return signedIn;
  },
  permission(actor: Actor | null, permission: Permission): Actor {
    const signedIn = access.signedIn(actor);
    if (!signedIn.permissions.has(permission)) throw new AppError('FORBIDDEN');
    return signedIn;
  },
  /** Own account, an account one owns (sub-reseller), or any account for admins. */
  canSeeAccount(actor: Actor, account: { id: string; ownerId: string | null }): boolean {
    return actor.isAdmin || account.id === actor.id || account.ownerId === actor.id;
  },
  /** A row that is not the actor's answers 404, so ids leak nothing about other owners. */
  ownAccountOrNotFound(actor: Actor, account: { id: string; ownerId: string | null } | undefined) {
    if (!account || !access.canSeeAccount(actor, account)) throw new AppError('USER_NOT_FOUND');
    return account;
  },
  /**
   * Lines: admins manage every line, resellers (view_users) only their own, anyone else none.
   * `ownerId` is the owner filter every query must apply (null = all).
   */
  lines(actor: Actor | null): { actor: Actor; ownerId: string | null } {
    const signedIn = access.signedIn(actor);
    if (!maySellLines(signedIn)) throw new AppError('FORBIDDEN');
    return { actor: signedIn, ownerId: signedIn.isAdmin ? null : signedIn.id };
  },
  /** Another owner's line answers 404 like a missing one. */
  ownLineOrNotFound<T extends { ownerId: string | null }>(
    scope: { ownerId: string | null },
    line: T | undefined,
  ): T {
    if (!line || (scope.ownerId !== null && line.ownerId !== scope.ownerId)) {
      throw new AppError('LINE_NOT_FOUND');
    }
    return line;
  },
};
