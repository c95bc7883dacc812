import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { writeTarGz } from '../../platform/tar-gz.js';

/**
 * One backup is one .tar.gz holding everything a panel on the embedded database keeps in its data
 * folder: the database (PGlite's own dump of its data folder), the ticket attachments on disk and the
 * generated secret that seals the agents' passwords (without it a restored panel could not reach them).
 */
export const MANIFEST_FILE = 'linedesk-backup.json';
const DATABASE_FILE = 'database.tar.gz';
const SECRET_FILE = 'secret.key';
const ATTACHMENTS_DIR = 'attachments';
const FORMAT = 'linedesk-backup';

export type BackupManifest = {
  format: typeof FORMAT;
  version: 1;
  created_at: string;
  app_version: string;
  migrations: number;
  attachments: number;
  secret: boolean;
};

export const BACKUP_FILE_PATTERN = /^linedesk-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;

export function backupFileName(at: Date): string {
  return `linedesk-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

export type ArchiveInput = {
  dataDir: string;
  target: string;
  createdAt: Date;
  appVersion: string;
  migrations: number;
  /** Writes the database's dump to a file, before the attachments are collected (see below). */
  writeDatabaseDump: (file: string, signal?: AbortSignal) => Promise<void>;
  /** The app stopping: the backup is abandoned, and nothing of it stays (see the finally below). */
  signal?: AbortSignal;
  /** Moves the written archive (a file beside `target`) to `target`. */
  place: (written: string) => Promise<void>;
};

/**
 * Writes the archive beside `target` under a temporary name and has `place` move it there, so a
 * half-written file never looks like a backup. Attachments are hard-linked (they are written once and
 * never changed), so collecting them costs no copy; they are collected after the database dump, so
 * every attachment row in the dump has its file (an upload made meanwhile only adds a file no row
 * names yet).
 */
export async function writeBackupArchive(input: ArchiveInput): Promise<{ size: number }> {
  const staging = path.join(path.dirname(input.target), `.staging-${randomBytes(6).toString('hex')}`);
  const partial = `${input.target}.partial`;
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    await input.writeDatabaseDump(path.join(staging, DATABASE_FILE), input.signal);
    input.signal?.throwIfAborted();
    const attachments = await collectAttachments(input.dataDir, path.join(staging, ATTACHMENTS_DIR));
    const secret = await copyIfPresent(
      path.join(input.dataDir, SECRET_FILE),
      path.join(staging, SECRET_FILE),
    );
    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      created_at: input.createdAt.toISOString(),
      app_version: input.appVersion,
      migrations: input.migrations,
      attachments,
      secret,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
    const entries = [MANIFEST_FILE, DATABASE_FILE, ...(secret ? [SECRET_FILE] : [])];
    if (attachments > 0) entries.push(ATTACHMENTS_DIR);
    // The database's dump is compressed already: the fastest level keeps the archive as small.
    await writeTarGz(staging, entries, createWriteStream(partial, { mode: 0o600 }), 1, input.signal);
    const { size } = await stat(partial);
    await input.place(partial);
    return { size };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

async function collectAttachments(dataDir: string, into: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(path.join(dataDir, ATTACHMENTS_DIR));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  await mkdir(into, { recursive: true });
  let count = 0;
  for (const name of names) {
    const from = path.join(dataDir, ATTACHMENTS_DIR, name);
    try {
      await link(from, path.join(into, name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Deleted since it was listed: its row is gone from the dump too.
      if (code === 'ENOENT') continue;
      // Some file systems (or a backups folder mounted elsewhere) cannot link: copy instead.
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
      await copyFile(from, path.join(into, name));
    }
    count += 1;
  }
  return count;
}

async function copyIfPresent(from: string, to: string): Promise<boolean> {
  try {
    await copyFile(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export type ExtractedBackup = {
  manifest: BackupManifest;
  databaseDump: Buffer;
  /** Folder of attachment files, or null when the backup has none. */
  attachmentsDir: string | null;
  /** The secret file, or null when the panel used LINEDESK_SECRET instead. */
  secretFile: string | null;
};

/** Unpacks a backup into `into` (which must be empty) and checks that it is one of ours. */
export async function extractBackupArchive(file: string, into: string): Promise<ExtractedBackup> {
  await mkdir(into, { recursive: true, mode: 0o700 });
  // node-tar refuses absolute names and '..' in entries, so nothing lands outside `into`.
  await tar.extract({ file, cwd: into, strict: true });
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(into, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new Error(`${file} is not a Linedesk backup (it has no ${MANIFEST_FILE})`);
  }
  if (manifest.format !== FORMAT || manifest.version !== 1) {
    throw new Error(`${file} is not a Linedesk backup of a version this panel reads`);
  }
  const exists = async (p: string) =>
    stat(p).then(
      () => true,
      () => false,
    );
  const attachmentsDir = path.join(into, ATTACHMENTS_DIR);
  const secretFile = path.join(into, SECRET_FILE);
  return {
    manifest,
    databaseDump: await readFile(path.join(into, DATABASE_FILE)),
    attachmentsDir: (await exists(attachmentsDir)) ? attachmentsDir : null,
    secretFile: (await exists(secretFile)) ? secretFile : null,
  };
}
