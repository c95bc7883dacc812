import { defineContract } from '../contract.js';
import { backupFileSchema } from '../system-status.js';

export const create = defineContract({
  method: 'POST',
  path: '/api/system/backup',
  // An administrator, or the local token instead of a session: the service weighs the two.
  access: 'optional',
  tags: ['system'],
  summary: 'Write a backup of the embedded database and attachments now (admin)',
  description:
    'Into <data dir>/backups as one .tar.gz, keeping the newest BACKUP_KEEP. `npm run backup` on the ' +
    "panel's machine calls this with the token from <data dir>/linedesk-server.json instead of a " +
    'session. PostgreSQL is backed up with pg_dump instead.',
  status: 201,
  response: backupFileSchema,
  errors: ['ADMIN_ONLY', 'BACKUP_NEEDS_EMBEDDED_DATABASE', 'BACKUP_FAILED'],
});
