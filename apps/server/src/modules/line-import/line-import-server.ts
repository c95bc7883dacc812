import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { readAgent } from '../servers/agent-read.js';
import type { ServerRow } from '../servers/servers.repository.js';
import type { ImportRecord } from './line-import.repository.js';

const FILE_LABELS = { cccam: 'CCcam.cfg', oscam: 'oscam.user' } as const;

/**
 * A config file's accounts carry their settings verbatim in that file's own syntax: only an agent
 * that writes the same file can keep them whole, so the server's agent is asked which it writes
 * (a CSV's rows carry nothing of the kind and go to any server).
 */
export async function checkServerTakesFile(
  ctx: AppContext,
  record: Pick<ImportRecord, 'format'>,
  server: ServerRow,
): Promise<void> {
  if (record.format === 'csv') return;
  const info = await readAgent(ctx, server, (client) => client.info());
  const backend = (info as { backend?: unknown } | null)?.backend;
  if (backend !== record.format) {
    throw new AppError('LINE_IMPORT_SERVER_FORMAT', {
      params: {
        format: FILE_LABELS[record.format],
        backend: backend === 'cccam' || backend === 'oscam' ? FILE_LABELS[backend] : String(backend),
      },
    });
  }
}
