import type { AgentConfig } from './config';
import { nextLineEnd } from './expiry';
import type { LineBackend, ManagedUser } from './line-backend';
import type { Logger } from './logger';
import { listUnmanaged, planAdoption, type AdoptRequest, type AdoptResult } from './adoption';
import { splitManagedBlock } from './managed-block';
import type { ReloadResult, Reloader } from './reload';
import { createGroupCommit, type Settled } from './group-commit';
import { currentRequestId, withRequestId } from './request-id';
import {
  decideChange,
  sameUser,
  toPublic,
  type AddUserInput,
  type Decide,
  type EditUserInput,
  type LineChange,
  type PublicUser,
} from './line-changes';
import { createLineFileWriter } from './line-file-writer';

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

/** One request's change: `username` is the one user it may touch. */
type Change = { action: string; username: string; decide: Decide; requestId: string | undefined };

type ServiceConfig = Pick<AgentConfig, 'configFile' | 'stateFile' | 'backupFile'> &
  Partial<Pick<AgentConfig, 'reloadGatherMs'>>;

export type LineService = ReturnType<typeof createLineService>;

export function createLineService(
  config: ServiceConfig,
  backend: LineBackend,
  logger: Logger,
  reloader: Reloader,
) {
  const label = backend.fileLabel;
  const file = createLineFileWriter(config, backend, logger, reloader);

  const writes = createGroupCommit<Change, ChangeOutcome>(async (changes) => {
    const { steps, reload, reloadFor, now } = await file.commit(changes.map((change) => change.decide));
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
          applied: file.isApplied(username),
          ...(plan.user ? { user: toPublic(plan.user) } : {}),
        },
      };
    });
  }, config.reloadGatherMs ?? 0);

  function toChange(request: LineChange): Change {
    // A batch may gather changes of several panel requests: each change's log line names its own.
    return {
      action: `${request.action} ${request.username}`,
      username: request.username,
      decide: decideChange(request, backend),
      requestId: currentRequestId(),
    };
  }

  return {
    /** Loads state, clears temp files from a crash and brings the config in line with the state. */
    async init(): Promise<void> {
      await file.load();
      const { changed, reload } = await writes.exclusive(() => file.commit([() => ({ message: '' })]));
      if (changed) logger.warn(`${label} did not match the state file; managed entries re-written`);
      if (reload.status === 'ok') logger.info(`reload at start-up took; the server has every managed entry`);
    },

    listUsers(): PublicUser[] {
      return file.users().map(toPublic);
    },

    /** The accounts of the file outside the managed block, as they are on disk now. */
    async listUnmanaged() {
      return listUnmanaged(splitManagedBlock(await file.readConfigText(), label), backend);
    },

    /**
     * Moves the named entries into the managed block with the same login and settings, in one write
     * and one reload; each request gets its own result (already managed is a no-op answer).
     */
    adopt(requests: readonly AdoptRequest[]): Promise<{ results: AdoptResult[]; reload: ReloadResult }> {
      return writes.exclusive(async () => {
        let results: AdoptResult[] = [];
        const { reload } = await file.commit([], (split, managed) => {
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
        const before = file.served();
        await file.commit([() => ({ message: '' })]);
        const served = file.served();
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
      return nextLineEnd(file.users(), now);
    },

    /** Calls `listener` after each write (a line's end may have moved). */
    onChange(listener: () => void): void {
      file.onChange(listener);
    },

    /** Resolves when every queued write has finished. */
    idle(): Promise<void> {
      return writes.idle();
    },
  };
}
