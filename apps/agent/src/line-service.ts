import { readFile, rm } from 'node:fs/promises';
import { AgentError } from './agent-error';
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write';
import type { AgentConfig } from './config';
import { isoToDisplayDate, localIsoDate } from './dates';
import type { LineBackend, ManagedUser } from './line-backend';
import type { Logger } from './logger';
import { ConfigFileError, joinManagedBlock, outsideParts, splitManagedBlock } from './managed-block';
import type { ReloadResult } from './reload';
import { runReload } from './reload';
import { createSerialQueue } from './serial-queue';
import { loadState, saveState, serializeState } from './state-store';

export type PublicUser = { username: string; expiryDate: string; enabled: boolean };

export type ChangeOutcome = {
  message: string;
  user?: PublicUser;
  changed: boolean;
  reload: ReloadResult;
};

export type AddUserInput = { username: string; password: string; expiryDate: string };
export type EditUserInput = { username: string; password?: string; expiryDate?: string; enabled?: boolean };

type Plan = { users: ManagedUser[]; message: string; user?: ManagedUser };
type Decide = (users: readonly ManagedUser[], handwritten: ReadonlySet<string>) => Plan;

type ServiceConfig = Pick<
  AgentConfig,
  'configFile' | 'stateFile' | 'backupFile' | 'reloadCommand' | 'reloadTimeoutMs' | 'pidFile'
>;

function toPublic(user: ManagedUser): PublicUser {
  return { username: user.username, expiryDate: isoToDisplayDate(user.expiryDate), enabled: user.enabled };
}

function sameUser(a: ManagedUser, b: ManagedUser): boolean {
  return (
    a.username === b.username &&
    a.password === b.password &&
    a.expiryDate === b.expiryDate &&
    a.enabled === b.enabled
  );
}

export type LineService = ReturnType<typeof createLineService>;

export function createLineService(config: ServiceConfig, backend: LineBackend, logger: Logger) {
  const queue = createSerialQueue();
  const label = backend.fileLabel;
  let users: ManagedUser[] = [];
  // Exact text of the state file on disk, null while it does not exist.
  let stateText: string | null = null;
  let served = new Set<string>();

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

  function servedSet(list: readonly ManagedUser[], today: string): Set<string> {
    return new Set(list.filter((user) => backend.isServed(user, today)).map((user) => user.username));
  }

  // Reads the live file on every change so hand edits made while the agent runs are kept.
  async function commit(decide: Decide): Promise<{ plan: Plan; changed: boolean; reload: ReloadResult }> {
    const current = await readConfigText();
    const split = splitManagedBlock(current, label);
    const handwritten = new Set(outsideParts(split).flatMap((part) => backend.entryUsernames(part)));
    const clash = users.find((user) => handwritten.has(user.username));
    if (clash) {
      // Writing on would leave two entries for one name; only a human can tell which one is right.
      throw new ConfigFileError(
        `Managed user "${clash.username}" also has a hand-written entry outside the linedesk-agent block in ${label}; remove one of them by hand`,
      );
    }

    const plan = decide(users, handwritten);
    const today = localIsoDate();
    const nextText =
      split.block || plan.users.length > 0
        ? joinManagedBlock(split, backend.renderEntries(plan.users, today))
        : current;
    const nextStateText = serializeState(backend.name, plan.users);
    const stateChanged = nextStateText !== stateText && !(stateText === null && plan.users.length === 0);
    const configChanged = nextText !== current;

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
    users = plan.users;
    if (stateChanged) stateText = nextStateText;
    served = servedSet(users, today);

    const reload: ReloadResult = configChanged ? await runReload(config) : { status: 'not-needed' };
    if (reload.status === 'failed') logger.error(`reload after writing ${label} failed: ${reload.error}`);
    return { plan, changed: stateChanged || configChanged, reload };
  }

  async function change(action: string, decide: Decide): Promise<ChangeOutcome> {
    const { plan, changed, reload } = await queue.run(() => commit(decide));
    const message =
      reload.status === 'failed'
        ? `${plan.message}, but the server reload failed: ${reload.error}`
        : plan.message;
    logger.info(`${action}: ${message}`);
    return { message, changed, reload, ...(plan.user ? { user: toPublic(plan.user) } : {}) };
  }

  function inactiveNote(user: ManagedUser): string {
    if (backend.name !== 'cccam' || backend.isServed(user, localIsoDate())) return '';
    return user.enabled
      ? ' (the expiry date has passed, so the line stays out of the file until it is renewed)'
      : ' (the user is disabled, so the line stays out of the file until it is enabled)';
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
        if (split.block?.some((line) => line.trim() !== '' && !line.trim().startsWith('#'))) {
          throw new ConfigFileError(
            `${label} has linedesk-agent managed entries but the state file ${config.stateFile} is missing; restore it, or remove the managed block by hand`,
          );
        }
      }
      users = loaded?.users ?? [];
      stateText = loaded?.text ?? null;
      const { changed } = await queue.run(() => commit((list) => ({ users: [...list], message: '' })));
      if (changed) logger.warn(`${label} did not match the state file; managed entries re-written`);
    },

    listUsers(): PublicUser[] {
      return users.map(toPublic);
    },

    addUser(input: AddUserInput): Promise<ChangeOutcome> {
      return change(`add-user ${input.username}`, (list, handwritten) => {
        const wanted: ManagedUser = { ...input, enabled: true };
        const index = list.findIndex((user) => user.username === input.username);
        const existing = list[index];
        if (!existing) {
          if (handwritten.has(input.username)) {
            throw new AgentError(
              409,
              `User "${input.username}" already exists in ${label} as a hand-written entry that the agent does not manage`,
            );
          }
          return {
            users: [...list, wanted],
            message: `User added successfully${inactiveNote(wanted)}`,
            user: wanted,
          };
        }
        // A retried add must not flip a disabled user back on, so the enabled flag is kept.
        const updated: ManagedUser = { ...wanted, enabled: existing.enabled };
        if (sameUser(existing, updated)) {
          return {
            users: [...list],
            message: 'User already exists with the same data; nothing changed',
            user: existing,
          };
        }
        const next = list.map((user, i) => (i === index ? updated : user));
        return {
          users: next,
          message: `User already existed and was updated${inactiveNote(updated)}`,
          user: updated,
        };
      });
    },

    editUser(input: EditUserInput): Promise<ChangeOutcome> {
      return change(`edit-user ${input.username}`, (list, handwritten) => {
        const index = list.findIndex((user) => user.username === input.username);
        const existing = list[index];
        if (!existing) {
          if (handwritten.has(input.username)) throw notManaged(input.username);
          throw new AgentError(404, 'User not found');
        }
        const updated: ManagedUser = {
          username: existing.username,
          password: input.password ?? existing.password,
          expiryDate: input.expiryDate ?? existing.expiryDate,
          enabled: input.enabled ?? existing.enabled,
        };
        if (sameUser(existing, updated)) {
          return { users: [...list], message: 'User is already up to date; nothing changed', user: existing };
        }
        const next = list.map((user, i) => (i === index ? updated : user));
        return { users: next, message: `User updated successfully${inactiveNote(updated)}`, user: updated };
      });
    },

    deleteUser(username: string): Promise<ChangeOutcome> {
      return change(`delete-user ${username}`, (list, handwritten) => {
        if (!list.some((user) => user.username === username)) {
          if (handwritten.has(username)) throw notManaged(username);
          return { users: [...list], message: 'User does not exist; nothing to delete' };
        }
        return {
          users: list.filter((user) => user.username !== username),
          message: 'User deleted successfully',
        };
      });
    },

    /** Re-renders the block for today's date; returns who was removed or restored. */
    async checkExpiry(): Promise<{ removed: string[]; restored: string[] }> {
      return queue.run(async () => {
        const before = served;
        await commit((list) => ({ users: [...list], message: '' }));
        const removed = [...before].filter((name) => !served.has(name));
        const restored = [...served].filter((name) => !before.has(name));
        if (removed.length > 0) logger.info(`expiry check: removed expired lines for ${removed.join(', ')}`);
        if (restored.length > 0) logger.info(`expiry check: restored lines for ${restored.join(', ')}`);
        return { removed, restored };
      });
    },

    /** Resolves when every queued write has finished. */
    idle(): Promise<void> {
      return queue.idle();
    },
  };
}
