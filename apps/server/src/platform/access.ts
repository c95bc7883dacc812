import {
  isAdminAccount,
  maySellLines,
  staffMay,
  staffRoles,
  type StaffRole,
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
  /** A staff role (`staffRoles`) and the reseller whose subtree it acts in (null = every account). */
  staffRole?: string | null;
  staffScopeId?: string | null;
};

/**
 * A staff member's role and scope. `accountIds`: the scope's accounts (the reseller and every account
 * below it), read by the route layer only while the member acts as an admin; null = every account.
 */
export type ActorStaff = { role: StaffRole; scopeId: string | null; accountIds?: ReadonlySet<string> | null };

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
  /** Set on a staff account. While `acting` it is an admin for this one request (`access.staff`). */
  staff?: ActorStaff | null;
  /** True when this request is a staff operation: the staff member acts as an admin, within its scope. */
  actingAsStaff?: boolean;
};

export function buildActor(input: {
  id: string;
  email: string;
  isAdmin: boolean;
  groupId: number;
  groupPermissions: readonly string[];
  sessionId: string | null;
  staffRole?: string | null;
  staffScopeId?: string | null;
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
    // An admin needs no role: it already does everything.
    staff:
      !isAdmin && isStaffRole(input.staffRole)
        ? { role: input.staffRole, scopeId: input.staffScopeId ?? null }
        : null,
  };
}

function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role ?? '');
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
  /**
   * Staff members (the shared `staffMay` rule): in an operation of their role they act as an admin for
   * this one request, within their scope; in any other they are the account they are. The route layer
   * asks this before the contract's access, so no service needs to know staff roles exist.
   */
  staffActing(actor: Actor | null, operation: string): Actor | null {
    if (!actor?.staff || !staffMay(actor.staff, operation)) return actor;
    return { ...actor, isAdmin: true, permissions: new Set(allPermissions), actingAsStaff: true };
  },
  /** Whether an account is inside the caller's reach as far as staff scopes go: outside only for a scoped staff member. */
  inStaffScope(actor: Actor, accountId: string | null): boolean {
    const ids = actor.actingAsStaff ? actor.staff?.accountIds : null;
    return !ids || (accountId !== null && ids.has(accountId));
  },
  /**
   * The reseller whose subtree a scoped staff member acting as an admin works in: the lists it reads
   * hold that subtree's rows (as an admin's list filtered to it); null for everyone else.
   */
  staffTree(actor: Actor): string | null {
    return actor.actingAsStaff ? (actor.staff?.scopeId ?? null) : null;
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
  ownAccountOrNotFound<T extends { id: string; ownerId: string | null }>(
    actor: Actor,
    account: T | undefined,
  ): T {
    if (!account || !access.canSeeAccount(actor, account)) throw new AppError('USER_NOT_FOUND');
    return account;
  },
  /**
   * Lines: admins manage every line, resellers (view_users) only their own, anyone else none.
   * `ownerId` is the owner filter every query must apply (null = all).
   */
  lines(actor: Actor | null): {
    actor: Actor;
    ownerId: string | null;
    ownerIds?: readonly string[];
    treeId?: string;
  } {
    const signedIn = access.signedIn(actor);
    if (!maySellLines(signedIn)) throw new AppError('FORBIDDEN');
    const staffScope = signedIn.actingAsStaff ? signedIn.staff?.accountIds : null;
    const treeId = access.staffTree(signedIn);
    // A scoped staff member sees the lines of its scope's accounts (`ownerIds`; lists: the subtree of
    // `treeId`), every owner's else.
    if (staffScope && treeId) return { actor: signedIn, ownerId: null, ownerIds: [...staffScope], treeId };
    return { actor: signedIn, ownerId: signedIn.isAdmin ? null : signedIn.id };
  },
  /** Another owner's line answers 404 like a missing one. */
  ownLineOrNotFound<T extends { ownerId: string | null }>(
    scope: { ownerId: string | null; ownerIds?: readonly string[] },
    line: T | undefined,
  ): T {
    if (!line || (scope.ownerId !== null && line.ownerId !== scope.ownerId)) {
      throw new AppError('LINE_NOT_FOUND');
    }
    if (scope.ownerIds && (line.ownerId === null || !scope.ownerIds.includes(line.ownerId))) {
      throw new AppError('LINE_NOT_FOUND');
    }
    return line;
  },
};
