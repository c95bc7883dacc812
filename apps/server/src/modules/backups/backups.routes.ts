import { backupContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { createBackup } from './backups.service.js';

export const LOCAL_BACKUP_TOKEN_HEADER = 'x-linedesk-backup-token';

export function registerBackupRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, backupContracts.create, ({ actor, request }) => {
    // The local token stands in for a session: with it, whoever else the request names does not count.
    const token = request.headers[LOCAL_BACKUP_TOKEN_HEADER];
    return typeof token === 'string' ? createBackup(ctx, null, token) : createBackup(ctx, actor, undefined);
  });
}
