import {
  oscamKeyValues,
  renderEntry,
  type EntryExtra,
  type EntryRestrictions,
} from '@linedesk/shared/config-files';
import type { ImportedEntry, LineImportFormat, LineImportRow } from '@linedesk/shared';
import type { NewLine } from '../lines/line-rules.js';

/**
 * What an agent writes where the entry says nothing itself. A config file's account always carries
 * its own extra (and, on OSCam, its group line or none), so its written entry never depends on them;
 * they only complete the render's input.
 */
const AGENT_DEFAULTS = {
  oscam: { group: '1' },
  cccam: { uphops: 1, shareEmus: 0, allowEmm: 0, lineSuffix: '' },
} as const;

type Difference = LineImportRow['differences'][number];

/** An [account] section's keys (lower case) and values, `disabled` absent read as OSCam reads it: 0. */
function oscamKeys(text: string): Map<string, string> {
  const lines = text.split(/\r?\n/).filter((line) => !/^\s*\[/.test(line));
  const { values } = oscamKeyValues(lines);
  if (!values.has('disabled')) values.set('disabled', '0');
  return values;
}

/** Key by key: every key the file has that is written otherwise or not at all, and every key added. */
function oscamDifferences(file: string, written: string): Difference[] {
  const before = oscamKeys(file);
  const after = oscamKeys(written);
  const differences: Difference[] = [];
  for (const [key, value] of before) {
    const now = after.get(key);
    if (now !== value) differences.push({ key, file: value, written: now ?? null });
  }
  for (const [key, value] of after) {
    if (!before.has(key)) differences.push({ key, file: null, written: value });
  }
  return differences;
}

/** Field by field (whitespace between fields is not a setting): the whole F-line when one differs. */
function cccamDifferences(file: string, written: string): Difference[] {
  const fields = (line: string) => line.trim().split(/\s+/);
  const a = fields(file);
  const b = fields(written);
  const same = a.length === b.length && a.every((field, i) => field === b[i]);
  return same ? [] : [{ key: 'F', file: file.trim(), written: written.trim() }];
}

/**
 * The entry a config file's row will be written as on its server, and every difference from the
 * file's own entry (none for an account the import keeps as it is). Null for CSV rows, whose file
 * holds no entry to compare with.
 */
export function writtenEntry(
  format: LineImportFormat,
  entry: ImportedEntry | null,
  line: NewLine | null,
  today: string,
): { entry: string | null; differences: Difference[] } {
  if (format === 'csv' || !entry || !line) return { entry: null, differences: [] };
  const payload = line.payload;
  const served = payload.enabled && line.expiryDate >= today;
  // CCcam has no disabled flag: the agent leaves a line it does not serve out of the file.
  if (format === 'cccam' && !served) {
    return { entry: null, differences: [{ key: 'F', file: entry.text.trim(), written: null }] };
  }
  const written = renderEntry(
    format,
    {
      username: line.values.username,
      password: payload.password,
      expiryDate: line.expiryDate,
      served,
      restrictions: payload.restrictions as EntryRestrictions | undefined,
      extra: (payload.extra ?? null) as EntryExtra | null,
    },
    format === 'oscam' ? { oscam: AGENT_DEFAULTS.oscam } : { cccam: AGENT_DEFAULTS.cccam },
  );
  const differences =
    format === 'oscam' ? oscamDifferences(entry.text, written) : cccamDifferences(entry.text, written);
  return { entry: written, differences };
}
