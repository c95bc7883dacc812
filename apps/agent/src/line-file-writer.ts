import { readFile, rm } from 'node:fs/promises';
import { rawLines } from '@linedesk/shared/config-files';
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write';
import type { AgentConfig } from './config';
import { oscamExpdate } from './expiry';
import type { Settled } from './group-commit';
import type { LineBackend, ManagedUser } from './line-backend';
import type { Decide, Plan, UserTable } from './line-changes';
import type { Logger } from './logger';
import {
  ConfigFileError,
  joinManagedBlock,
  outsideParts,
  splitManagedBlock,
  type SplitConfig,
} from './managed-block';
import type { ReloadResult, Reloader } from './reload';
import { createReloadOwedStore, reloadOwedFile } from './reload-owed';
import { loadState, saveState, serializeState } from './state-store';

export type LineFileConfig = Pick<AgentConfig, 'configFile' | 'stateFile' | 'backupFile'>;

/**
 * `adopt` moves entries from outside the block into it: it gets the file as read and answers the
 * outside parts without them and the users they become, all in this one write.
 */
export type Adopt = (
  split: SplitConfig,
  managed: readonly ManagedUser[],
) => { split: SplitConfig; added: ManagedUser[] };

export type CommitResult = {
  steps: Settled<Plan>[];
  changed: boolean;
  configChanged: boolean;
  reload: ReloadResult;
  /** Users the reload was for: changed now, or earlier without a reload that took. */
  reloadFor: ReadonlySet<string>;
  now: Date;
};

export type LineFileWriter = ReturnType<typeof createLineFileWriter>;

/**
 * The managed users and the files that hold them (state file, config file, its backup, the owed
 * reload record), and the reload that brings each write into the server. One caller at a time: the
 * line service runs every commit through its group commit.
 */
export function createLineFileWriter(
  config: LineFileConfig,
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

  /** Clears temp files from a crash, loads the state and the reload owed from before a stop. */
  async function load(): Promise<void> {
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
  }

  // Reads the live file on every write so hand edits made while the agent runs are kept. Applies
  // every change of the batch in order to one list, then writes the state, the config and reloads
  // once for all of them.
  async function commit(changes: readonly Decide[], adopt?: Adopt): Promise<CommitResult> {
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

  return {
    load,
    commit,
    readConfigText,
    /** The managed users as the last write left them. */
    users: (): readonly ManagedUser[] => users,
    /** The users with a working entry at the last write. */
    served: (): ReadonlySet<string> => served,
    /** Whether the server has loaded this user's entry as written (no reload is owed for it). */
    isApplied: (username: string): boolean => !unapplied.has(username),
    onChange(listener: () => void): void {
      changeListeners.push(listener);
    },
  };
}
