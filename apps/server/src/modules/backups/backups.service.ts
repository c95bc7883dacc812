import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BackupFile, SystemStatus } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { appliedMigrations } from '../../db/client.js';
import { access, type Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { BACKUP_FILE_PATTERN, backupFileName, writeBackupArchive } from './backup-archive.js';

export const APP_VERSION = process.env.npm_package_version ?? '0.1.0';
const HOUR_MS = 3_600_000;
/** A fresh or restarted panel makes its first due backup this long after start, not while starting. */
export const FIRST_BACKUP_DELAY_MS = 60_000;

export const backupsFolder = (dataDir: string) => path.join(dataDir, 'backups');

/** Runs `work` after the one queued before it under `key` has ended (failed or not). */
function inTurn<T>(queue: Map<string, Promise<unknown>>, key: string, work: () => Promise<T>): Promise<T> {
  const next = (queue.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
  queue.set(key, next);
  const forget = () => {
    if (queue.get(key) === next) queue.delete(key);
  };
  next.then(forget, forget);
  return next;
}

/**
 * Per data folder, what reads or changes its backups folder: a new backup is put in place and the
 * oldest beyond BACKUP_KEEP removed in one turn, so a listing never sees one more than it keeps.
 */
const backupsFolderTurns = new Map<string, Promise<unknown>>();

/** The backups in the folder, newest first (their time is in their names). */
export function listBackups(dataDir: string): Promise<BackupFile[]> {
  return inTurn(backupsFolderTurns, dataDir, () => readBackups(dataDir));
}

async function readBackups(dataDir: string): Promise<BackupFile[]> {
  const folder = backupsFolder(dataDir);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = await Promise.all(
    names
      .filter((name) => BACKUP_FILE_PATTERN.test(name))
      .map(async (name) => {
        const stamp = name.slice('linedesk-backup-'.length, -'.tar.gz'.length);
        const iso = stamp.replace(/T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, 'T$1:$2:$3.$4Z');
        // Removed since the listing (by `npm run backup` pruning, say): not a backup any more.
        const stats = await stat(path.join(folder, name)).catch(() => null);
        return stats && { file: name, size_bytes: stats.size, created_at: new Date(iso).toISOString() };
      }),
  );
  return files.filter((file) => file !== null).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Puts a written backup in place and keeps the newest `keep` backups (requested and scheduled ones
 * share the one count), in one turn of the folder.
 */
function placeBackup(dataDir: string, written: string, target: string, keep: number): Promise<void> {
  return inTurn(backupsFolderTurns, dataDir, async () => {
    await rename(written, target);
    const files = await readBackups(dataDir);
    const folder = backupsFolder(dataDir);
    for (const old of files.slice(keep)) await rm(path.join(folder, old.file), { force: true });
  });
}

export type BackupSource = {
  dataDir: string;
  keep: number;
  /** Writes the database's dump to a file. */
  dump: (file: string, signal?: AbortSignal) => Promise<void>;
  migrations: number;
  signal?: AbortSignal;
};

/** Per data folder, the backup being written: backups of one data folder are made one at a time. */
const backupTurns = new Map<string, Promise<unknown>>();

/** Writes one backup into <data dir>/backups; `file` is its name in that folder. */
export function writeBackup(source: BackupSource): Promise<BackupFile> {
  return inTurn(backupTurns, source.dataDir, async () => {
    await mkdir(backupsFolder(source.dataDir), { recursive: true, mode: 0o700 });
    const createdAt = new Date();
    const name = backupFileName(createdAt);
    const target = path.join(backupsFolder(source.dataDir), name);
    const { size } = await writeBackupArchive({
      dataDir: source.dataDir,
      target,
      createdAt,
      appVersion: APP_VERSION,
      migrations: source.migrations,
      writeDatabaseDump: source.dump,
      signal: source.signal,
      place: (written) => placeBackup(source.dataDir, written, target, source.keep),
    });
    // The name only: where the data folder lies on the server is no business of an API caller.
    return { file: name, size_bytes: size, created_at: createdAt.toISOString() };
  });
}

type ScheduleState = { lastError: string | null; lastFailureAt: number | null };
const schedules = new WeakMap<AppContext, ScheduleState>();
const scheduleOf = (ctx: AppContext) => {
  let state = schedules.get(ctx);
  if (!state) {
    state = { lastError: null, lastFailureAt: null };
    schedules.set(ctx, state);
  }
  return state;
};

const localTokens = new WeakMap<AppContext, string>();

/** The token in the data folder's lock file, which lets `npm run backup` on this machine ask. */
export function allowLocalBackupRequests(ctx: AppContext, token: string): void {
  localTokens.set(ctx, token);
}

function isLocalToken(ctx: AppContext, given: string | undefined): boolean {
  const expected = localTokens.get(ctx);
  if (!expected || !given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/** A backup now, into <data dir>/backups (the scheduled job and the admin's request alike). */
export async function backupNow(ctx: AppContext, signal?: AbortSignal): Promise<BackupFile> {
  const dump = ctx.database.dumpEmbedded;
  if (!dump) throw new AppError('BACKUP_NEEDS_EMBEDDED_DATABASE');
  const state = scheduleOf(ctx);
  try {
    const file = await writeBackup({
      dataDir: ctx.config.dataDir,
      keep: ctx.config.backupKeep,
      dump,
      migrations: await appliedMigrations(ctx.db),
      signal,
    });
    state.lastError = null;
    state.lastFailureAt = null;
    ctx.log.info({ file: file.file, bytes: file.size_bytes }, 'Backup written');
    return file;
  } catch (error) {
    // Abandoned by a stop: not a failure, and the next start makes it (no newer backup exists).
    if (signal?.aborted) throw error;
    state.lastError = (error as Error).message;
    state.lastFailureAt = Date.now();
    ctx.log.error({ err: error }, 'Backup failed');
    throw new AppError('BACKUP_FAILED', { params: { reason: (error as Error).message } });
  }
}

/** POST /api/system/backup: an admin, or `npm run backup` on this machine with the lock file's token. */
export async function createBackup(
  ctx: AppContext,
  actor: Actor | null,
  localToken: string | undefined,
): Promise<BackupFile> {
  if (!isLocalToken(ctx, localToken)) access.admin(actor);
  return backupNow(ctx);
}

/** When the next scheduled backup is due, or null when none is scheduled. */
export async function nextBackupAt(ctx: AppContext, newest?: BackupFile | null): Promise<number | null> {
  const intervalHours = ctx.config.backupIntervalHours;
  if (!ctx.database.dumpEmbedded || intervalHours === 0) return null;
  const intervalMs = intervalHours * HOUR_MS;
  const last = newest === undefined ? ((await listBackups(ctx.config.dataDir))[0] ?? null) : newest;
  const earliest = ctx.startedAt.getTime() + Math.min(FIRST_BACKUP_DELAY_MS, intervalMs);
  let due = last ? Math.max(new Date(last.created_at).getTime() + intervalMs, earliest) : earliest;
  const { lastFailureAt } = scheduleOf(ctx);
  // After a failure (a full disk, say) the next try waits a while rather than hammering.
  if (lastFailureAt !== null) due = Math.max(due, lastFailureAt + Math.min(intervalMs, HOUR_MS));
  return due;
}

export async function backupStatus(ctx: AppContext): Promise<SystemStatus['backups']> {
  if (!ctx.database.dumpEmbedded) {
    return {
      by: 'pg_dump',
      interval_hours: 0,
      keep: 0,
      count: 0,
      last_at: null,
      last_size_bytes: null,
      next_at: null,
      last_error: null,
    };
  }
  const files = await listBackups(ctx.config.dataDir);
  const newest = files[0] ?? null;
  const next = await nextBackupAt(ctx, newest);
  return {
    by: 'panel',
    interval_hours: ctx.config.backupIntervalHours,
    keep: ctx.config.backupKeep,
    count: files.length,
    last_at: newest?.created_at ?? null,
    last_size_bytes: newest?.size_bytes ?? null,
    next_at: next === null ? null : new Date(next).toISOString(),
    last_error: scheduleOf(ctx).lastError,
  };
}
