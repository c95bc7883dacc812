import type { EntryExtra } from '@linedesk/shared/config-files';
import { AgentError } from './agent-error';
import { isoToDisplayDate } from './dates';
import type { LineBackend, ManagedUser } from './line-backend';
import { sameRestrictions, type Restrictions } from './restrictions';

/**
 * `restrictions` and `extra` only for a user that has some (an agent that predates them never
 * shows the keys).
 */
export type PublicUser = {
  username: string;
  expiryDate: string;
  enabled: boolean;
  restrictions?: Restrictions;
  extra?: EntryExtra;
};

/** add-user is "make it so": without `restrictions` or `extra` the user has none. */
export type AddUserInput = {
  username: string;
  password: string;
  expiryDate: string;
  /** Without it the line ends with its date in local time, as before the panel sent instants. */
  expiresAt?: string;
  restrictions?: Restrictions;
  extra?: EntryExtra;
};
export type EditUserInput = {
  username: string;
  password?: string;
  expiryDate?: string;
  expiresAt?: string;
  enabled?: boolean;
};

export type LineChange =
  | ({ action: 'add-user' } & AddUserInput)
  | ({ action: 'edit-user' } & EditUserInput)
  | { action: 'delete-user'; username: string };

/**
 * The managed users while a batch is decided, by name. A Map keeps insertion order, so replacing a
 * user keeps its place in the file, a new one goes last and a deleted one leaves: what the file shows.
 * Each change looks its user up instead of scanning the list, so a batch of k changes over n users
 * costs k + n, not k × n (a 10,000-line import sends its lines in batches of a few hundred).
 */
export type UserTable = Map<string, ManagedUser>;
/** `before` and `after`: this change's own user as the step found and left it. */
export type Plan = { message: string; user?: ManagedUser; before?: ManagedUser; after?: ManagedUser };
/** Reads and changes only its own user in `users`; throws (refused) before changing anything. */
export type Decide = (users: UserTable, handwritten: ReadonlySet<string>) => Plan;

export function toPublic(user: ManagedUser): PublicUser {
  return {
    username: user.username,
    expiryDate: isoToDisplayDate(user.expiryDate),
    enabled: user.enabled,
    ...(user.restrictions ? { restrictions: user.restrictions } : {}),
    ...(user.extra ? { extra: user.extra } : {}),
  };
}

export function sameUser(a: ManagedUser, b: ManagedUser): boolean {
  return (
    a.username === b.username &&
    a.password === b.password &&
    a.expiryDate === b.expiryDate &&
    a.expiresAt === b.expiresAt &&
    a.enabled === b.enabled &&
    sameRestrictions(a.restrictions, b.restrictions) &&
    JSON.stringify(a.extra ?? null) === JSON.stringify(b.extra ?? null)
  );
}

const notManaged = (label: string, username: string) =>
  new AgentError(
    409,
    `User "${username}" exists in ${label} as a hand-written entry that the agent does not manage; change it by hand or remove it first`,
  );

function inactiveNote(backend: LineBackend, user: ManagedUser): string {
  if (backend.name !== 'cccam' || backend.isServed(user, new Date())) return '';
  return user.enabled
    ? ' (the expiry date has passed, so the line stays out of the file until it is renewed)'
    : ' (the user is disabled, so the line stays out of the file until it is enabled)';
}

function addDecide(backend: LineBackend, input: AddUserInput): Decide {
  return (table, handwritten) => {
    const { restrictions, extra, ...fields } = input;
    const wanted: ManagedUser = {
      ...fields,
      enabled: true,
      ...(restrictions ? { restrictions } : {}),
      ...(extra ? { extra } : {}),
    };
    const existing = table.get(input.username);
    if (!existing) {
      if (handwritten.has(input.username)) {
        throw new AgentError(
          409,
          `User "${input.username}" already exists in ${backend.fileLabel} as a hand-written entry that the agent does not manage`,
        );
      }
      table.set(wanted.username, wanted);
      return {
        message: `User added successfully${inactiveNote(backend, wanted)}`,
        user: wanted,
        after: wanted,
      };
    }
    // A retried add must not flip a disabled user back on, so the enabled flag is kept.
    const updated: ManagedUser = { ...wanted, enabled: existing.enabled };
    if (sameUser(existing, updated)) {
      return {
        message: 'User already exists with the same data; nothing changed',
        user: existing,
        before: existing,
        after: existing,
      };
    }
    table.set(updated.username, updated);
    return {
      message: `User already existed and was updated${inactiveNote(backend, updated)}`,
      user: updated,
      before: existing,
      after: updated,
    };
  };
}

function editDecide(backend: LineBackend, input: EditUserInput): Decide {
  return (table, handwritten) => {
    const existing = table.get(input.username);
    if (!existing) {
      if (handwritten.has(input.username)) throw notManaged(backend.fileLabel, input.username);
      throw new AgentError(404, 'User not found');
    }
    const updated: ManagedUser = {
      username: existing.username,
      password: input.password ?? existing.password,
      expiryDate: input.expiryDate ?? existing.expiryDate,
      // A new date without its instant (an older panel, a hand call) ends by the date alone.
      ...(input.expiresAt !== undefined
        ? { expiresAt: input.expiresAt }
        : existing.expiresAt !== undefined &&
            (input.expiryDate === undefined || input.expiryDate === existing.expiryDate)
          ? { expiresAt: existing.expiresAt }
          : {}),
      enabled: input.enabled ?? existing.enabled,
      ...(existing.restrictions ? { restrictions: existing.restrictions } : {}),
      ...(existing.extra ? { extra: existing.extra } : {}),
    };
    if (sameUser(existing, updated)) {
      return {
        message: 'User is already up to date; nothing changed',
        user: existing,
        before: existing,
        after: existing,
      };
    }
    table.set(updated.username, updated);
    return {
      message: `User updated successfully${inactiveNote(backend, updated)}`,
      user: updated,
      before: existing,
      after: updated,
    };
  };
}

function deleteDecide(backend: LineBackend, username: string): Decide {
  return (table, handwritten) => {
    const existing = table.get(username);
    if (!existing) {
      if (handwritten.has(username)) throw notManaged(backend.fileLabel, username);
      return { message: 'User does not exist; nothing to delete' };
    }
    table.delete(username);
    return { message: 'User deleted successfully', before: existing };
  };
}

/** How one panel request changes its user in the table, for this backend's file. */
export function decideChange(request: LineChange, backend: LineBackend): Decide {
  if (request.action === 'add-user') {
    const { username, password, expiryDate, expiresAt, restrictions, extra } = request;
    return addDecide(backend, {
      username,
      password,
      expiryDate,
      ...(expiresAt !== undefined ? { expiresAt } : {}),
      ...(restrictions ? { restrictions } : {}),
      ...(extra ? { extra } : {}),
    });
  }
  if (request.action === 'edit-user') {
    const { action: _action, ...input } = request;
    return editDecide(backend, input);
  }
  return deleteDecide(backend, request.username);
}
