import { backupFileSchema } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { createBackup } from './backups.service.js';

export const LOCAL_BACKUP_TOKEN_HEADER = 'x-linedesk-backup-token';

export function registerBackupRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/system/backup',
    {
      schema: {
        tags: ['system'],
        summary: 'Write a backup of the embedded database and attachments now (admin)',
        description:
          'Into <data dir>/backups as one .tar.gz, keeping the newest BACKUP_KEEP. `npm run backup` on the ' +
          "panel's machine calls this with the token from <data dir>/linedesk-server.json instead of a " +
          'session. PostgreSQL is backed up with pg_dump instead.',
        response: { 201: backupFileSchema },
      },
    },
    async (request, reply) => {
      const token = request.headers[LOCAL_BACKUP_TOKEN_HEADER];
      const actor = typeof token === 'string' ? null : await getActor(ctx, request, reply);
      const file = await createBackup(ctx, actor, typeof token === 'string' ? token : undefined);
      return reply.status(201).send(file);
    },
  );
}
