import { randomBytes } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { writeTarGz } from '../platform/tar-gz.js';

/** The prefix of a copy's folder, beside the data folder. */
const COPY_PREFIX = '.dump-';
/**
 * Files copied at once while the database waits (the copy is thousands of small files, each waiting
 * on the disk in turn), and while it runs (the copy then only needs to be done in time, and the panel
 * keeps the disk and CPU for its requests).
 */
const COPIES_AT_ONCE = { holding: 16, running: 2 };
/**
 * More than the file system's clock can lag behind the system clock (it stamps files with a clock
 * that advances once a scheduler tick, 1-10 ms): a file written after a moment is stamped later than
 * that moment less this.
 */
const CLOCK_SLACK_MS = 100;

/** What tells that a file changed: a write changes its size or time, a rename onto it its inode. */
type FileState = { size: number; ino: number; changedMs: number };

/** A folder's subfolders and files (names relative to it), each file with its state. */
async function folderState(folder: string): Promise<{ folders: string[]; files: Map<string, FileState> }> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  const relative = (entry: Dirent) => path.relative(folder, path.join(entry.parentPath, entry.name));
  const files = new Map<string, FileState>();
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const name = relative(entry);
        // A file removed since the listing is simply not there.
        const stats = await stat(path.join(folder, name)).catch(() => null);
        if (stats) {
          files.set(name, {
            size: stats.size,
            ino: stats.ino,
            changedMs: Math.max(stats.mtimeMs, stats.ctimeMs),
          });
        }
      }),
  );
  return { folders: entries.filter((entry) => entry.isDirectory()).map(relative), files };
}

/** Copies these files (and makes these folders) from one folder into another, many files at a time. */
async function copyFiles(
  from: string,
  to: string,
  folders: string[],
  files: string[],
  atOnce: number,
  signal?: AbortSignal,
): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const folder of folders) await mkdir(path.join(to, folder), { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      signal?.throwIfAborted();
      const file = files[next++]!;
      await copyFile(path.join(from, file), path.join(to, file)).catch((error: NodeJS.ErrnoException) => {
        // Removed since it was listed: the copy's second pass leaves it out.
        if (error.code !== 'ENOENT') throw error;
      });
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
}

/**
 * Copies a running database's folder in two passes, as `rsync` twice does: first every file while the
 * panel keeps running (the files may change as they are copied), then, inside `hold` (which keeps the
 * database from writing), again every file that changed since the first pass began, and the copies of
 * files since removed are removed. Only the second pass holds the panel: for 100,000 lines the whole
 * copy held it for about 1 s, the second pass for about 60 ms (the write-ahead log's current segment,
 * the control file and one other file had changed).
 */
export async function copyRunningFolder(
  from: string,
  to: string,
  hold: (work: () => Promise<void>) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  // Files written before this are stamped before it less the slack: the second pass does not copy
  // again what the checkpoint just before the copy wrote.
  await sleep(CLOCK_SLACK_MS);
  const started = Date.now();
  const first = await folderState(from);
  await copyFiles(from, to, first.folders, [...first.files.keys()], COPIES_AT_ONCE.running, signal);
  await hold(async () => {
    const now = await folderState(from);
    const changed = [...now.files].filter(([name, state]) => {
      const was = first.files.get(name);
      return (
        !was ||
        state.changedMs > started - CLOCK_SLACK_MS ||
        state.changedMs !== was.changedMs ||
        state.size !== was.size ||
        state.ino !== was.ino
      );
    });
    const removed = [...first.files.keys()].filter((name) => !now.files.has(name));
    await Promise.all(removed.map((name) => rm(path.join(to, name), { force: true })));
    await copyFiles(
      from,
      to,
      now.folders,
      changed.map(([name]) => name),
      COPIES_AT_ONCE.holding,
    );
  });
}

/**
 * Removes copies left beside the data folder by a backup the process did not finish (it stopped
 * or crashed while writing it): each is as large as the database.
 */
export async function removeUnfinishedDumps(dataDir: string): Promise<void> {
  if (dataDir.startsWith('memory://')) return;
  const parent = path.dirname(dataDir);
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(COPY_PREFIX))
      .map((name) => rm(path.join(parent, name), { recursive: true, force: true })),
  );
}

/**
 * Writes a consistent copy of a running PGlite to `file` as a gzipped tar of its data folder, the
 * format PGlite's `loadDataDir` reads (`loadEmbeddedDump`).
 *
 * PGlite runs one transaction at a time, so while one is open nothing else writes: inside it the
 * folder's files (checkpointed just before, the write-ahead log holding anything since) are made equal
 * to the database with the operating system's own copy, after a first copy of them all made while the
 * panel kept running (`copyRunningFolder`), and the copy is archived and compressed after the
 * transaction, off the database and off the event loop (`writeTarGz`). PGlite's own `dumpDataDir` reads every file through
 * its WebAssembly file system and builds the archive in memory inside the transaction: with 100,000
 * lines it held every request of the panel for 14-18 s.
 *
 * A database in memory (`memory://`) has no folder to copy and keeps PGlite's own dump.
 */
export async function dumpPglite(
  client: PGlite,
  dataDir: string,
  file: string,
  signal?: AbortSignal,
): Promise<void> {
  await client.exec('CHECKPOINT');
  if (dataDir.startsWith('memory://')) {
    const dump = await client.transaction(async () => client.dumpDataDir('gzip'));
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return;
  }
  // Beside the data folder: the same file system, so the copy is a local one.
  const copy = path.join(path.dirname(dataDir), `${COPY_PREFIX}${randomBytes(6).toString('hex')}`);
  try {
    await copyRunningFolder(
      dataDir,
      copy,
      (work) =>
        client.transaction(async (tx) => {
          signal?.throwIfAborted();
          // Puts every commit up to now in the files, with nothing else running.
          await tx.exec('CHECKPOINT');
          await work();
        }),
      signal,
    );
    // The copy is the slow part's input: a stop abandons the backup here rather than wait for it.
    signal?.throwIfAborted();
    // Names relative to the data folder, as PGlite's own dump has them.
    const entries = await readdir(copy);
    await writeTarGz(copy, entries, createWriteStream(file, { mode: 0o600 }), undefined, signal);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}
