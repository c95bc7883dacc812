import { readFile, rm } from 'node:fs/promises';
import { AgentError } from './agent-error';
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write';
import type { AgentConfig } from './config';
import { isoToDisplayDate } from './dates';
import { nextLineEnd, oscamExpdate } from './expiry';
import type { LineBackend, ManagedUser } from './line-backend';
import type { Logger } from './logger';
import { listUnmanaged, planAdoption, type AdoptRequest, type AdoptResult } from './adoption';
import {
  ConfigFileError,
  joinManagedBlock,
  outsideParts,
  splitManagedBlock,
  type SplitConfig,
} from './managed-block';
import type { ReloadResult, Reloader } from './reload';
import { createGroupCommit, type Settled } from './group-commit';
import { loadState, saveState, serializeState } from './state-store';
import { sameRestrictions, type Restrictions } from './restrictions';
import { rawLines, type EntryExtra } from '@linedesk/shared/config-files';
import { createReloadOwedStore, reloadOwedFile } from './reload-owed';
import { currentRequestId, withRequestId } from './request-id';

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

export type ChangeOutcome = {
  message: string;
  user?: PublicUser;
  changed: boolean;
  reload: ReloadResult;
  /**
   * The server has loaded this user's entry as written (or its removal): no reload is owed for it.
   * False while a reload that covers it has not taken; the panel counts the line as synced only then.
   */
  applied: boolean;
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

/**
 * The managed users while a batch is decided, by name. A Map keeps insertion order, so replacing a
 * user keeps its place in the file, a new one goes last and a deleted one leaves: what the file shows.
 * Each change looks its user up instead of scanning the list, so a batch of k changes over n users
 * costs k + n, not k × n (a 10,000-line import sends its lines in batches of a few hundred).
 */
type UserTable = Map<string, ManagedUser>;
/** `before` and `after`: this change's own user as the step found and left it. */
type Plan = { message: string; user?: ManagedUser; before?: ManagedUser; after?: ManagedUser };
/** Reads and changes only its own user in `users`; throws (refused) before changing anything. */
type Decide = (users: UserTable, handwritten: ReadonlySet<string>) => Plan;
/** One request's change: `username` is the one user it may touch. */
type Change = { action: string; username: string; decide: Decide; requestId: string | undefined };

export type LineChange =
  | ({ action: 'add-user' } & AddUserInput)
  | ({ action: 'edit-user' } & EditUserInput)
  | { action: 'delete-user'; username: string };

type ServiceConfig = Pick<AgentConfig, 'configFile' | 'stateFile' | 'backupFile'> &
  Partial<Pick<AgentConfig, 'reloadGatherMs'>>;

function toPublic(user: ManagedUser): PublicUser {
  return {
    username: user.username,
    expiryDate: isoToDisplayDate(user.expiryDate),
    enabled: user.enabled,
    ...(user.restrictions ? { restrictions: user.restrictions } : {}),
    ...(user.extra ? { extra: user.extra } : {}),
  };
}

function sameUser(a: ManagedUser, b: ManagedUser): boolean {
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

export type LineService = ReturnType<typeof createLineService>;

export function createLineService(
  config: ServiceConfig,
  backend: LineBackend,
  logger: Logger,
  reloader: Reloader,
) {
  const label = backend.fileLabel;
  let users: ManagedUser[] = [];
  // Users whose entries changed since the last reload that took, and the deleted ones among them.
  // A retry of a change whose reload failed finds its user here and reloads again, rather than
  // answering "nothing changed" for a change the server never applied. Kept on disk too (written
  // before the config file changes), so a restart after a crash between the write and the reload
  // still owes, and does, that reload.
  let unapplied = new Set<string>();
  /** A reload has taken and its check found every managed account as the file has it. */
  let everyLoaded = false;
  let removedSinceReload = new Set<string>();
  const owedStore = createReloadOwedStore(reloadOwedFile(config.stateFile));
  // Exact text of the state file on disk, null while it does not exist.
  let stateText: string | null = null;
  let served = new Set<string>();
  // Told after every write (the expiry timer finds the next instant a line ends).
  const changeListeners: (() => void)[] = [];

  const notManaged = (username: string) =>
    new AgentError(
      409,
      `User "${username}" exists in ${label} as a hand-written entry that the agent does not manage; change it by hand or remove it first`,
    );

  async function readConfigText(): Promise<string> {
    try {
      return await readFile(config.configFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new ConfigFileError(`${config.configFile} does not exist; create it (it may be empty)`);
      }
      throw error;
    }
  }

  function servedSet(list: readonly ManagedUser[], now: Date): Set<string> {
    return new Set(list.filter((user) => backend.isServed(user, now)).map((user) => user.username));
  }

  // Reads the live file on every write so hand edits made while the agent runs are kept. Applies
  // every change of the batch in order to one list, then writes the state, the config and reloads
  // once for all of them.
  // `adopt` moves entries from outside the block into it: it gets the file as read and answers the
  // outside parts without them and the users they become, all in this one write.
  async function commit(
    changes: readonly Decide[],
    adopt?: (
      split: SplitConfig,
      managed: readonly ManagedUser[],
    ) => { split: SplitConfig; added: ManagedUser[] },
  ): Promise<{
    steps: Settled<Plan>[];
    changed: boolean;
    configChanged: boolean;
    reload: ReloadResult;
    /** Users the reload was for: changed now, or earlier without a reload that took. */
    reloadFor: ReadonlySet<string>;
    now: Date;
  }> {
    const current = await readConfigText();
    const read = splitManagedBlock(current, label);
    const adoption = adopt?.(read, users);
    const split = adoption?.split ?? read;
    const handwritten = new Set(outsideParts(split).flatMap((part) => backend.entryUsernames(part)));
    const clash = users.find((user) => handwritten.has(user.username));
    if (clash) {
      // Writing on would leave two entries for one name; only a human can tell which one is right.
      throw new ConfigFileError(
        `Managed user "${clash.username}" also has a hand-written entry outside the linedesk-agent block in ${label}; remove one of them by hand`,
      );
    }

    const table: UserTable = new Map(users.map((user) => [user.username, user]));
    for (const user of adoption?.added ?? []) table.set(user.username, user);
    const steps = changes.map((decide): Settled<Plan> => {
      try {
        return { ok: true, value: decide(table, handwritten) };
      } catch (error) {
        // This request is refused (unknown user, hand-written entry); the others go on.
        return { ok: false, error };
      }
    });
    const nextUsers = [...table.values()];
    const now = new Date();
    const nextText =
      split.block !== null || nextUsers.length > 0
        ? joinManagedBlock(split, backend.renderEntries(nextUsers, now))
        : current;
    const nextStateText = serializeState(backend.name, nextUsers);
    const stateChanged = nextStateText !== stateText && !(stateText === null && nextUsers.length === 0);
    const configChanged = nextText !== current;

    // What the server will not have loaded once the file is written: what was owed already plus
    // every user whose entry this write changes or removes.
    const owedUsers = new Set(unapplied);
    const owedRemoved = new Set(removedSinceReload);
    if (configChanged) {
      const render = (user: ManagedUser) => backend.renderEntries([user], now).join('\n');
      // Records never change in place: a user holding the same record as before renders the same,
      // so only the changed ones are rendered and compared (a write stays cheap with many users).
      const before = new Map(users.map((user) => [user.username, user]));
      for (const user of nextUsers) {
        const earlier = before.get(user.username);
        before.delete(user.username);
        if (earlier === user || (earlier && render(earlier) === render(user))) continue;
        owedUsers.add(user.username);
        owedRemoved.delete(user.username);
      }
      for (const name of before.keys()) {
        owedUsers.add(name);
        owedRemoved.add(name);
      }
      // Durable before the file changes: whatever happens after, a restart reloads these.
      await owedStore.save({ users: owedUsers, removed: owedRemoved });
    }

    // State first: if the process dies before the config write, start-up re-renders the config
    // from the state, so the change still lands (and a retry from the panel is idempotent).
    if (stateChanged) await saveState(config.stateFile, nextStateText);
    if (configChanged) {
      try {
        await writeFileAtomic(config.backupFile, current);
        await writeFileAtomic(config.configFile, nextText);
      } catch (error) {
        if (stateChanged) {
          const restore =
            stateText === null
              ? rm(config.stateFile, { force: true })
              : saveState(config.stateFile, stateText);
          await restore.catch((restoreError: unknown) =>
            logger.error(`could not restore ${config.stateFile}: ${(restoreError as Error).message}`),
          );
        }
        throw error;
      }
    }
    users = nextUsers;
    if (stateChanged) stateText = nextStateText;
    served = servedSet(users, now);
    unapplied = owedUsers;
    removedSinceReload = owedRemoved;

    for (const listener of changeListeners) listener();

    const reloadFor = new Set(unapplied);
    let reload: ReloadResult = { status: 'not-needed' };
    if (configChanged || unapplied.size > 0) {
      reload = await reloader({
        // After a reload that took, the accounts this one must bring in (changed since): the others
        // were checked by that reload and are in the file as they were. Checking all of them made
        // one change on a 50,000-account server read and compare 50,000 accounts. Until then (the
        // start-up's reload, the file maybe re-rendered) every account.
        accounts: (everyLoaded ? nextUsers.filter((user) => unapplied.has(user.username)) : nextUsers).map(
          (user) => ({
            username: user.username,
            disabled: !backend.isServed(user, now),
            // What the file says: OSCam's expdate is the local day the line's last moment falls in.
            expiryDate: oscamExpdate(user),
          }),
        ),
        removed: [...removedSinceReload],
      });
      if (reload.status === 'failed') logger.error(`reload after writing ${label} failed: ${reload.error}`);
      else {
        if (reload.status === 'ok') everyLoaded = true;
        unapplied.clear();
        removedSinceReload.clear();
        // Only costs a needless reload at the next start if it does not happen.
        await owedStore
          .save({ users: unapplied, removed: removedSinceReload })
          .catch((error: unknown) =>
            logger.error(`could not clear the owed reload record: ${(error as Error).message}`),
          );
      }
    }
    return { steps, changed: stateChanged || configChanged, configChanged, reload, reloadFor, now };
  }

  const writes = createGroupCommit<Change, ChangeOutcome>(async (changes) => {
    const { steps, reload, reloadFor, now } = await commit(changes.map((change) => change.decide));
    return steps.map((step, i): Settled<ChangeOutcome> => {
      if (!step.ok) return step;
      const { action, username, requestId } = changes[i]!;
      const { before, after, ...plan } = step.value;
      // What this request changed: its own user's record, and that user's lines in the file.
      const changed = !(before && after ? sameUser(before, after) : before === after);
      const render = (user: ManagedUser | undefined) =>
        user ? backend.renderEntries([user], now).join('\n') : '';
      const ownLinesChanged = changed && render(before) !== render(after);
      // Its own entry changed now, or earlier without a reload that took (a retry).
      const ownReload: ReloadResult =
        (ownLinesChanged || reloadFor.has(username)) && reload.status !== 'not-needed'
          ? reload
          : { status: 'not-needed' };
      const message =
        ownReload.status === 'failed'
          ? `${plan.message}, but the server reload failed: ${ownReload.error}`
          : plan.message;
      withRequestId(requestId, () => logger.info(`${action}: ${message}`));
      return {
        ok: true,
        value: {
          message,
          changed,
          reload: ownReload,
          applied: !unapplied.has(username),
          ...(plan.user ? { user: toPublic(plan.user) } : {}),
        },
      };
    });
  }, config.reloadGatherMs ?? 0);

  function change(action: string, username: string, decide: Decide): Change {
    // A batch may gather changes of several panel requests: each change's log line names its own.
    return { action: `${action} ${username}`, username, decide, requestId: currentRequestId() };
  }

  function inactiveNote(user: ManagedUser): string {
    if (backend.name !== 'cccam' || backend.isServed(user, new Date())) return '';
    return user.enabled
      ? ' (the expiry date has passed, so the line stays out of the file until it is renewed)'
      : ' (the user is disabled, so the line stays out of the file until it is enabled)';
  }

  function addDecide(input: AddUserInput): Decide {
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
            `User "${input.username}" already exists in ${label} as a hand-written entry that the agent does not manage`,
          );
        }
        table.set(wanted.username, wanted);
        return {
          message: `User added successfully${inactiveNote(wanted)}`,
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
        message: `User already existed and was updated${inactiveNote(updated)}`,
        user: updated,
        before: existing,
        after: updated,
      };
    };
  }

  function editDecide(input: EditUserInput): Decide {
    return (table, handwritten) => {
      const existing = table.get(input.username);
      if (!existing) {
        if (handwritten.has(input.username)) throw notManaged(input.username);
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
        message: `User updated successfully${inactiveNote(updated)}`,
        user: updated,
        before: existing,
        after: updated,
      };
    };
  }

  function deleteDecide(username: string): Decide {
    return (table, handwritten) => {
      const existing = table.get(username);
      if (!existing) {
        if (handwritten.has(username)) throw notManaged(username);
        return { message: 'User does not exist; nothing to delete' };
      }
      table.delete(username);
      return { message: 'User deleted successfully', before: existing };
    };
  }

  function toChange(request: LineChange): Change {
    if (request.action === 'add-user') {
      const { username, password, expiryDate, expiresAt, restrictions, extra } = request;
      return change(
        'add-user',
        username,
        addDecide({
          username,
          password,
          expiryDate,
          ...(expiresAt !== undefined ? { expiresAt } : {}),
          ...(restrictions ? { restrictions } : {}),
          ...(extra ? { extra } : {}),
        }),
      );
    }
    if (request.action === 'edit-user') {
      const { action: _action, ...input } = request;
      return change('edit-user', input.username, editDecide(input));
    }
    return change('delete-user', request.username, deleteDecide(request.username));
  }

  return {
    /** Loads state, clears temp files from a crash and brings the config in line with the state. */
    async init(): Promise<void> {
      for (const file of [config.configFile, config.stateFile, config.backupFile]) {
        const removed = await removeStaleTempFiles(file);
        if (removed.length > 0)
          logger.warn(`removed temp files left by an interrupted write: ${removed.join(', ')}`);
      }
      const loaded = await loadState(config.stateFile, backend.name);
      if (!loaded) {
        const split = splitManagedBlock(await readConfigText(), label);
        const blockLines = split.block === null ? [] : rawLines(split.block).map((line) => line.text.trim());
        if (blockLines.some((line) => line !== '' && !line.startsWith('#'))) {
          throw new ConfigFileError(
            `${label} has linedesk-agent managed entries but the state file ${config.stateFile} is missing; restore it, or remove the managed block by hand`,
          );
        }
      }
      users = loaded?.users ?? [];
      stateText = loaded?.text ?? null;
      const owed = await owedStore.load();
      unapplied = new Set(owed.unreadable ? users.map((user) => user.username) : owed.users);
      removedSinceReload = new Set(owed.removed);
      if (unapplied.size > 0 || owed.unreadable) {
        logger.warn(
          `${label} was written for ${unapplied.size} user${unapplied.size === 1 ? '' : 's'} without a reload that took (the agent stopped before it); reloading now`,
        );
      }
      const { changed, reload } = await writes.exclusive(() => commit([() => ({ message: '' })]));
      if (changed) logger.warn(`${label} did not match the state file; managed entries re-written`);
      if (reload.status === 'ok') logger.info(`reload at start-up took; the server has every managed entry`);
    },

    listUsers(): PublicUser[] {
      return users.map(toPublic);
    },

    /** The accounts of the file outside the managed block, as they are on disk now. */
    async listUnmanaged() {
      return listUnmanaged(splitManagedBlock(await readConfigText(), label), backend);
    },

    /**
     * Moves the named entries into the managed block with the same login and settings, in one write
     * and one reload; each request gets its own result (already managed is a no-op answer).
     */
    adopt(requests: readonly AdoptRequest[]): Promise<{ results: AdoptResult[]; reload: ReloadResult }> {
      return writes.exclusive(async () => {
        let results: AdoptResult[] = [];
        const { reload } = await commit([], (split, managed) => {
          const plan = planAdoption(split, managed, backend, requests);
          results = plan.results;
          return plan;
        });
        for (const result of results) {
          if (result.adopted) logger.info(`adopt ${result.username}: moved into the managed block`);
        }
        return { results, reload };
      });
    },

    addUser(input: AddUserInput): Promise<ChangeOutcome> {
      return writes.submit(toChange({ action: 'add-user', ...input }));
    },

    editUser(input: EditUserInput): Promise<ChangeOutcome> {
      return writes.submit(toChange({ action: 'edit-user', ...input }));
    },

    deleteUser(username: string): Promise<ChangeOutcome> {
      return writes.submit(toChange({ action: 'delete-user', username }));
    },

    /** Several changes in one write (and one reload); each gets its own outcome or refusal. */
    applyChanges(changes: readonly LineChange[]): Promise<Settled<ChangeOutcome>[]> {
      return writes.submitAll(changes.map(toChange));
    },

    /** Re-renders the block for today's date; returns who was removed or restored. */
    async checkExpiry(): Promise<{ removed: string[]; restored: string[] }> {
      return writes.exclusive(async () => {
        const before = served;
        await commit([() => ({ message: '' })]);
        const removed = [...before].filter((name) => !served.has(name));
        const restored = [...served].filter((name) => !before.has(name));
        const [off, on] = backend.name === 'oscam' ? ['disabled', 'enabled'] : ['removed', 'restored'];
        if (removed.length > 0) logger.info(`expiry check: ${off} expired lines for ${removed.join(', ')}`);
        if (restored.length > 0) logger.info(`expiry check: ${on} lines for ${restored.join(', ')}`);
        return { removed, restored };
      });
    },

    /** The next instant (ms) a line that works now ends at, or null; see src/expiry.ts. */
    nextLineEnd(now: Date = new Date()): number | null {
      return nextLineEnd(users, now);
    },

    /** Calls `listener` after each write (a line's end may have moved). */
    onChange(listener: () => void): void {
      changeListeners.push(listener);
    },

    /** Resolves when every queued write has finished. */
    idle(): Promise<void> {
      return writes.idle();
    },
  };
}
