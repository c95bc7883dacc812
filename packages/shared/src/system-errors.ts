/** Backups and the database's availability (not in the spec: this panel's operations). */
export const systemErrors = {
  BACKUP_NEEDS_EMBEDDED_DATABASE:
    'The panel backs up only its embedded database; back up PostgreSQL with pg_dump (see docs/reliability.md)',
  BACKUP_FAILED: 'The backup could not be written: {{reason}}',
  DATABASE_DOWN: 'The database is not reachable right now. Please try again in a moment.',
} as const;
