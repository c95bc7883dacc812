import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';

/** The prefix of a copy's folder, beside the data folder. */
const COPY_PREFIX = '.dump-';
/** Files copied at once: the copy is thousands of small files, each waiting on the disk in turn. */
const COPIES_AT_ONCE = 16;

/**
 * Copies a folder's files, many at a time. Node's `fs.cp` copies one file after another: for the
 * data folder of 100,000 lines it held the database for 3.5 s.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  const folders = entries.filter((entry) => entry.isDirectory());
  await mkdir(to, { recursive: true });
  for (const folder of folders) {
    await mkdir(path.join(to, path.relative(from, path.join(folder.parentPath, folder.name))), {
      recursive: true,
    });
  }
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(from, path.join(entry.parentPath, entry.name)));
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await copyFile(path.join(from, file), path.join(to, file));
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, worker));
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
 * A consistent copy of a running PGlite as a gzipped tar of its data folder, the format PGlite's
 * `loadDataDir` reads (`loadEmbeddedDump`).
 *
 * PGlite runs one transaction at a time, so while one is open nothing else writes: inside it the
 * folder's files (checkpointed just before, the write-ahead log holding anything since) are copied
 * with the operating system's own copy, and the copy is archived and compressed after the transaction,
 * off the database and mostly off the event loop. PGlite's own `dumpDataDir` reads every file through
 * its WebAssembly file system and builds the archive in memory inside the transaction: with 100,000
 * lines it held every request of the panel for 14-18 s.
 *
 * A database in memory (`memory://`) has no folder to copy and keeps PGlite's own dump.
 */
export async function dumpPglite(client: PGlite, dataDir: string): Promise<Buffer> {
  await client.exec('CHECKPOINT');
  if (dataDir.startsWith('memory://')) {
    const dump = await client.transaction(async () => client.dumpDataDir('gzip'));
    return Buffer.from(await dump.arrayBuffer());
  }
  // Beside the data folder: the same file system, so the copy is a local one.
  const copy = path.join(path.dirname(dataDir), `${COPY_PREFIX}${randomBytes(6).toString('hex')}`);
  try {
    await client.transaction(async (tx) => {
      // The checkpoint before the transaction did the bulk of the writing; this one, with nothing else
      // running, puts every commit up to now in the files copied.
      await tx.exec('CHECKPOINT');
      await copyFolder(dataDir, copy);
    });
    // Names relative to the data folder, as PGlite's own dump has them.
    const entries = await readdir(copy);
    const chunks: Buffer[] = [];
    const archive = tar.create({ gzip: true, cwd: copy, portable: true }, entries);
    for await (const chunk of archive as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}
