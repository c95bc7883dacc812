import { importFormatRefused } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';
import { readAgent } from '../servers/agent-read.js';
import type { ServerRow } from '../servers/servers.repository.js';
import type { AgentEntryDefaults, ImportAgent } from './line-import-entry.js';
import type { ImportRecord } from './line-import.repository.js';

const FILE_LABELS = { cccam: 'CCcam.cfg', oscam: 'oscam.user' } as const;

/** The agent's `defaults` (GET /), when it answers them in the shape its file's entries need. */
function defaultsOf(backend: 'oscam' | 'cccam', value: unknown): AgentEntryDefaults | null {
  const defaults = (value ?? {}) as Record<string, Record<string, unknown> | undefined>;
  if (backend === 'oscam') {
    const group = defaults.oscam?.group;
    return typeof group === 'string' ? { oscam: { group } } : null;
  }
  const cccam = defaults.cccam;
  if (!cccam) return null;
  const { uphops, shareEmus, allowEmm, lineSuffix } = cccam;
  if (typeof uphops !== 'number' || typeof shareEmus !== 'number' || typeof allowEmm !== 'number')
    return null;
  if (typeof lineSuffix !== 'string') return null;
  return { cccam: { uphops, shareEmus, allowEmm, lineSuffix } };
}

/** The picked server's agent: which file it writes and what it writes where a line says nothing. */
async function readImportAgent(
  ctx: AppContext,
  server: ServerRow,
): Promise<{ backend: unknown; agent: ImportAgent | null }> {
  const info = (await readAgent(ctx, server, (client) => client.info())) as Record<string, unknown> | null;
  const backend = info?.backend;
  if (backend !== 'oscam' && backend !== 'cccam') return { backend, agent: null };
  return { backend, agent: { backend, defaults: defaultsOf(backend, info?.defaults) } };
}

/**
 * A config file's accounts carry their settings verbatim in that file's own syntax: only an agent
 * that writes the same file can keep them whole, so the server's agent is asked which it writes.
 * A CSV's rows carry nothing of the kind and go to any server: its agent is asked only for the
 * preview of the entries (and one that does not answer leaves the rows without it).
 */
export async function checkServerTakesFile(
  ctx: AppContext,
  record: Pick<ImportRecord, 'format'>,
  server: ServerRow,
): Promise<ImportAgent | null> {
  if (record.format === 'csv') {
    try {
      return (await readImportAgent(ctx, server)).agent;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }
  const { backend, agent } = await readImportAgent(ctx, server);
  if (importFormatRefused(record.format, backend)) {
    throw new AppError('LINE_IMPORT_SERVER_FORMAT', {
      params: {
        format: FILE_LABELS[record.format],
        backend: backend === 'cccam' || backend === 'oscam' ? FILE_LABELS[backend] : String(backend),
      },
    });
  }
  return agent;
}
