// `npm run restore FILE`: puts a backup made by `npm run backup` (or a scheduled one) back into the
// data folder. It refuses while a server has that folder's database open, and keeps what it replaces
// beside it (`*.before-restore-<time>`) instead of deleting it.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadEmbeddedDump } from './db/client.js';
import { extractBackupArchive } from './modules/backups/backup-archive.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { dataDirLockFile, isLockHolderAlive, readDataDirLock } from './platform/data-dir-lock.js';

async function main(): Promise<number> {
  const given = process.argv[2];
  if (!given) {
    console.error('Usage: npm run restore <backup file (.tar.gz)>');
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    return 1;
  }
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g.\n' +
        '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" linedesk.dump\n' +
        'see docs/reliability.md.',
    );
    return 1;
  }
  const dataDir = config.dataDir;
  const lock = await readDataDirLock(dataDir);
  if (lock && isLockHolderAlive(lock)) {
    console.error(
      `A Linedesk server (pid ${lock.pid}, ${lock.url}) is running on ${dataDir}: stop it before restoring.\n` +
        `(If no server runs there, the lock file ${dataDirLockFile(dataDir)} is stale: delete it.)`,
    );
    return 1;
  }

  const scratch = path.join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const moved: { from: string; to: string }[] = [];
  let wroteDatabase = false;
  const setAside = async (name: string) => {
    const from = path.join(dataDir, name);
    if (!existsSync(from)) return;
    const to = `${from}.before-restore-${stamp}`;
    await rename(from, to);
    moved.push({ from, to });
  };
  try {
    const backup = await extractBackupArchive(file, scratch);
    await setAside('db');
    await setAside('attachments');
    if (backup.secretFile) await setAside('secret.key');
    wroteDatabase = true;
    await loadEmbeddedDump(config.database.dataDir, backup.databaseDump);
    if (backup.attachmentsDir) await rename(backup.attachmentsDir, path.join(dataDir, 'attachments'));
    if (backup.secretFile) {
      await rename(backup.secretFile, path.join(dataDir, 'secret.key'));
      await chmod(path.join(dataDir, 'secret.key'), 0o600);
    }
    console.log(
      `Restored the backup of ${backup.manifest.created_at} (${backup.manifest.attachments} attachments) ` +
        `into ${dataDir}.`,
    );
    if (moved.length > 0) {
      console.log('What it replaced was kept; delete it once the panel runs well:');
      for (const { to } of moved) console.log(`  ${to}`);
    }
    if (!backup.secretFile && !config.secret) {
      console.log('This backup has no secret.key: start the panel with the LINEDESK_SECRET it had.');
    }
    return 0;
  } catch (error) {
    // Put back what was set aside, so a failed restore leaves the folder as it was.
    if (wroteDatabase) await rm(config.database.dataDir, { recursive: true, force: true });
    for (const { from, to } of moved.reverse()) {
      await rm(from, { recursive: true, force: true });
      await rename(to, from);
    }
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : `Restore failed: ${(error as Error).message}`,
    );
    process.exit(1);
  },
);
