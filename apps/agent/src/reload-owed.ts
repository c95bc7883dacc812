import { readFile, rm } from 'node:fs/promises';
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write';

/**
 * Users whose entries were written but not yet loaded by the server (no reload that took since),
 * and the deleted ones among them. Kept on disk beside the state file, written before the config
 * file changes: an agent killed between the write and the reload would otherwise come back
 * believing the server has everything, answer the panel's retry with "nothing changed", and leave
 * the customer on an entry the server never loaded.
 */
export type ReloadOwed = { users: ReadonlySet<string>; removed: ReadonlySet<string> };

export function reloadOwedFile(stateFile: string): string {
  return `${stateFile}.reload-owed`;
}

const serialize = (owed: ReloadOwed) =>
  `${JSON.stringify({ version: 1, users: [...owed.users], removed: [...owed.removed] })}\n`;

export function createReloadOwedStore(file: string) {
  // What the file holds now ('' = no file), so an unchanged set costs no write.
  let onDisk = '';
  return {
    /** Reads what a previous run left owed; a file that cannot be read owes a reload of everyone. */
    async load(): Promise<ReloadOwed & { unreadable: boolean }> {
      await removeStaleTempFiles(file);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return { users: new Set(), removed: new Set(), unreadable: false };
        }
        throw error;
      }
      onDisk = text;
      try {
        const parsed = JSON.parse(text) as { users?: unknown; removed?: unknown };
        const names = (list: unknown) =>
          new Set(Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : []);
        return { users: names(parsed.users), removed: names(parsed.removed), unreadable: false };
      } catch {
        return { users: new Set(), removed: new Set(), unreadable: true };
      }
    },
    /** Records the owed set durably (atomic replace, fsynced); an empty set removes the file. */
    async save(owed: ReloadOwed): Promise<void> {
      if (owed.users.size === 0 && owed.removed.size === 0) {
        if (onDisk === '') return;
        await rm(file, { force: true });
        onDisk = '';
        return;
      }
      const text = serialize(owed);
      if (text === onDisk) return;
      await writeFileAtomic(file, text, { mode: 0o600 });
      onDisk = text;
    },
  };
}
