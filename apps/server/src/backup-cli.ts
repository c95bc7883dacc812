// `npm run backup`: one backup of the embedded database, attachments and secret into
// <data dir>/backups. A running server is asked to write it (its database can be open in only one
// process); with no server running, this command opens the database itself.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openEmbeddedAsIs } from './db/client.js';
import { LOCAL_BACKUP_TOKEN_HEADER } from './modules/backups/backups.routes.js';
import { backupsFolder, writeBackup } from './modules/backups/backups.service.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { isLockHolderAlive, readDataDirLock } from './platform/data-dir-lock.js';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g.\n' +
        '  pg_dump --format=custom --file=linedesk.dump "$DATABASE_URL"\n' +
        'and keep the attachments folder (or S3 bucket) with it; see docs/reliability.md.',
    );
    return 1;
  }
  const lock = await readDataDirLock(config.dataDir);
  if (lock && isLockHolderAlive(lock)) {
    const res = await fetch(`${lock.url}/api/system/backup`, {
      method: 'POST',
      headers: { [LOCAL_BACKUP_TOKEN_HEADER]: lock.backup_token },
    });
    const body = (await res.json().catch(() => null)) as
      { file: string; size_bytes: number; error?: undefined } | { error: { message: string } } | null;
    if (!res.ok || !body || body.error) {
      console.error(
        `The running server (pid ${lock.pid}) could not write the backup: ${body?.error?.message ?? res.status}`,
      );
      return 1;
    }
    // The answer names the file only; the operator here is told where it lies.
    const written = path.join(backupsFolder(config.dataDir), body.file);
    console.log(`Backup written by the running server: ${written} (${megabytes(body.size_bytes)})`);
    return 0;
  }
  if (!existsSync(config.database.dataDir)) {
    console.error(
      `There is no embedded database in ${config.database.dataDir} (is LINEDESK_DATA_DIR right?)`,
    );
    return 1;
  }
  const database = await openEmbeddedAsIs(config.database.dataDir);
  try {
    const file = await writeBackup({
      dataDir: config.dataDir,
      keep: config.backupKeep,
      dump: database.dump,
      migrations: database.migrations,
    });
    const written = path.join(backupsFolder(config.dataDir), file.file);
    console.log(`Backup written (no server was running): ${written} (${megabytes(file.size_bytes)})`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`,
    );
    process.exit(1);
  },
);
