import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * `<data dir>/linedesk-server.json` says which process has the embedded database open: `npm run
 * restore` refuses while that process lives, and `npm run backup` finds the running server there and
 * proves, with the token in it, that it may ask for a backup (whoever can read this file, mode 600,
 * can read the database files beside it anyway).
 */
export type DataDirLock = { pid: number; url: string; backup_token: string; started_at: string };

const LOCK_FILE = 'linedesk-server.json';

export const dataDirLockFile = (dataDir: string) => path.join(dataDir, LOCK_FILE);

/** Written when a server opens the embedded database; `release` removes it if it is still ours. */
export async function claimDataDir(
  dataDir: string,
  url: string,
): Promise<{ token: string; release: () => Promise<void> }> {
  const token = randomBytes(32).toString('base64url');
  const lock: DataDirLock = {
    pid: process.pid,
    url,
    backup_token: token,
    started_at: new Date().toISOString(),
  };
  const file = dataDirLockFile(dataDir);
  await writeFile(file, JSON.stringify(lock, null, 2) + '\n', { mode: 0o600 });
  return {
    token,
    release: async () => {
      const current = await readDataDirLock(dataDir);
      if (current?.backup_token === token) await rm(file, { force: true });
    },
  };
}

export async function readDataDirLock(dataDir: string): Promise<DataDirLock | null> {
  try {
    return JSON.parse(await readFile(dataDirLockFile(dataDir), 'utf8')) as DataDirLock;
  } catch {
    return null;
  }
}

/** The lock's process is running (a lock left by a killed server, or by this very process, is not). */
export function isLockHolderAlive(lock: DataDirLock): boolean {
  if (lock.pid === process.pid) return false;
  try {
    process.kill(lock.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
