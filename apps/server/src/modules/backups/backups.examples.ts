import type { RouteExamples } from '../../platform/openapi-examples.js';

export const backupExamples: RouteExamples = {
  'POST /api/system/backup': {
    response: {
      file: 'linedesk-backup-2026-12-01T03-00-00-114Z.tar.gz',
      size_bytes: 18_734_112,
      created_at: '2026-12-01T03:00:00.114Z',
    },
    errors: [
      'ADMIN_ONLY',
      'BACKUP_NEEDS_EMBEDDED_DATABASE',
      ['BACKUP_FAILED', { reason: 'ENOSPC: no space left on device' }],
    ],
  },
};
