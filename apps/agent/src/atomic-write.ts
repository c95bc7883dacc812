import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { open, readdir, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const TEMP_MARKER = '.linedesk-';
const TEMP_SUFFIX = '.tmp';

function isErrno(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === code;
}

async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
}

async function fsyncDirectory(dir: string): Promise<void> {
  // Makes the rename itself durable; some file systems refuse fsync on a directory, which is harmless.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

export type AtomicWriteOptions = {
  /** Mode for a file that does not exist yet; an existing file keeps its mode and owner. */
  mode?: number;
};

/**
 * Replaces `target` so that readers (and a crash at any moment) see either the old or the new
 * content, never a mix: write a temp file in the same directory, fsync it, rename over the target.
 */
export async function writeFileAtomic(
  target: string,
  content: string,
  options: AtomicWriteOptions = {},
): Promise<void> {
  // Renaming over a symlink would replace the link itself, detaching the file the daemon reads.
  const resolved = await realpath(target).catch(() => target);
  const dir = path.dirname(resolved);
  const existing = await statOrNull(resolved);
  const mode = existing ? existing.mode & 0o7777 : (options.mode ?? 0o600);
  const temp = path.join(
    dir,
    `.${path.basename(resolved)}${TEMP_MARKER}${process.pid}-${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`,
  );

  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(content, 'utf8');
    // open() honours the umask, so set the mode explicitly.
    await handle.chmod(mode);
    if (existing && (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.())) {
      // Only root can hand the file back to its owner; otherwise keep ours rather than fail the write.
      await handle.chown(existing.uid, existing.gid).catch(() => undefined);
    }
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();

  try {
    await rename(temp, resolved);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await fsyncDirectory(dir);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isErrno(error, 'EPERM');
  }
}

/** Removes temp files that a killed agent left next to `target`. Returns the names removed. */
export async function removeStaleTempFiles(target: string): Promise<string[]> {
  const resolved = await realpath(target).catch(() => target);
  const dir = path.dirname(resolved);
  const prefix = `.${path.basename(resolved)}${TEMP_MARKER}`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(TEMP_SUFFIX)) continue;
    const pid = Number(/^(\d+)-[0-9a-f]+$/.exec(name.slice(prefix.length, -TEMP_SUFFIX.length))?.[1]);
    if (!Number.isInteger(pid)) continue;
    if (pid !== process.pid && isProcessAlive(pid)) continue;
    await rm(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}
