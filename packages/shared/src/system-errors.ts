/** Backups and the database's availability (not in the spec: this panel's operations). */
export const systemErrors = {
  BACKUP_NEEDS_EMBEDDED_DATABASE: {
    status: 409,
    message:
      'The panel backs up only its embedded database; back up PostgreSQL with pg_dump (see docs/reliability.md)',
  },
  BACKUP_FAILED: { status: 500, message: 'The backup could not be written: {{reason}}' },
  METRICS_DISABLED: {
    status: 404,
    message: 'Metrics are off on this instance: set METRICS_TOKEN or METRICS_ALLOWED_ADDRESSES',
  },
  DATABASE_DOWN: {
    status: 503,
    message: 'The database is not reachable right now. Please try again in a moment.',
  },
  // Every connection of the panel's pool stayed taken for the whole wait: the database answers, the
  // panel has more requests in flight than connections (DATABASE_POOL_SIZE, DATABASE_POOL_WAIT_MS).
  DATABASE_BUSY: {
    status: 503,
    message: 'The panel is busy right now. Please try again in a moment.',
  },
} as const;
