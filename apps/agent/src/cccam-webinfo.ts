/** One row of CCcam's `/activeclients` info page. */
export type CccamClient = {
  username: string;
  host: string;
  connectedSeconds: number | null;
  idleSeconds: number | null;
  ecmTotal: number | null;
  ecmOk: number | null;
  version: string;
  lastShare: string;
  caid: string | null;
};

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&nbsp;': ' ',
  '&quot;': '"',
};

/** `Nd HH:MM:SS`, `HH:MM:SS` or `MM:SS` in seconds; null for anything else. */
export function durationSeconds(text: string): number | null {
  const match = /^(?:(\d+)\s*d\s*)?(?:(\d+):)?(\d+):(\d+)$/i.exec(text.trim());
  if (!match) return null;
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match;
  return ((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60 + Number(seconds);
}

/**
 * Parses the text table CCcam's info page prints (`ALLOW WEBINFO: yes`): rows start with `|`, the
 * header row with `| Username`, and the client list ends where `| Shareinfo` starts. Columns are
 * found by their header names, so a CCcam version that adds one does not shift the others.
 */
export function parseActiveClients(page: string): CccamClient[] {
  const text = page
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|amp|nbsp|quot);/g, (entity) => ENTITIES[entity] ?? entity);
  let columns: string[] | null = null;
  const clients: CccamClient[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line.startsWith('|')) continue;
    const cells = line
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((cell) => cell.trim());
    const first = (cells[0] ?? '').toLowerCase();
    if (first.startsWith('shareinfo')) break;
    if (first === 'username') {
      columns = cells.map((cell) => cell.toLowerCase());
      continue;
    }
    if (!columns || !cells[0]) continue;
    const cell = (name: string) => {
      const index = columns!.indexOf(name);
      return index >= 0 ? (cells[index] ?? '') : '';
    };
    const ecm = /^(\d+)\s*\((\d+)\)/.exec(cell('ecm'));
    const lastShare = cell('last used share');
    // A share names its card as CAID:provider (then more fields, depending on the version).
    const share = /\b([0-9a-f]{4}):[0-9a-f]{1,8}\b/i.exec(lastShare);
    clients.push({
      username: cells[0],
      host: cell('host'),
      connectedSeconds: durationSeconds(cell('connected')),
      idleSeconds: durationSeconds(cell('idle time')),
      ecmTotal: ecm ? Number(ecm[1]) : null,
      ecmOk: ecm ? Number(ecm[2]) : null,
      version: cell('version'),
      lastShare,
      caid: share?.[1]?.toUpperCase() ?? null,
    });
  }
  return clients;
}
