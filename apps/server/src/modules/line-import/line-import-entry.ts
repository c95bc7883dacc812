import {
  oscamKeyValues,
  renderEntry,
  type CccamDefaults,
  type EntryExtra,
  type EntryRestrictions,
  type OscamDefaults,
} from '@linedesk/shared/config-files';
import type { ImportedEntry, LineImportFormat, LineImportRow } from '@linedesk/shared';
import type { NewLine } from '../lines/line-rules.js';

/** What the picked server's agent writes where a line says nothing itself, as its GET / answers. */
export type AgentEntryDefaults = { oscam: OscamDefaults } | { cccam: CccamDefaults };

/** The picked server's agent, as the import needs it: the file it writes and its defaults. */
export type ImportAgent = { backend: 'oscam' | 'cccam'; defaults: AgentEntryDefaults | null };

/**
 * Defaults for a config file's account when its agent does not answer its own: such an account
 * always carries its own extra (and, on OSCam, its group line or none), so its written entry never
 * depends on them; they only complete the render's input.
 */
const FILE_DEFAULTS = {
  oscam: { oscam: { group: '1' } },
  cccam: { cccam: { uphops: 1, shareEmus: 0, allowEmm: 0, lineSuffix: '' } },
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

/** The entry the line will be written as: its payload rendered with the agent's defaults. */
function renderLine(format: 'oscam' | 'cccam', line: NewLine, defaults: AgentEntryDefaults, served: boolean) {
  const payload = line.payload;
  return renderEntry(
    format,
    {
      username: line.values.username,
      password: payload.password,
      expiryDate: line.expiryDate,
      served,
      restrictions: payload.restrictions as EntryRestrictions | undefined,
      extra: (payload.extra ?? null) as EntryExtra | null,
    },
    defaults,
  );
}

/** The keys of an [account] a CSV row states itself: its login, expiry, flag and connection limit. */
const CSV_ROW_KEYS = ['user', 'pwd', 'expdate', 'disabled', 'max_connections'];

/**
 * A CSV row on the picked server: the entry it will be written as, and every difference from what
 * the row asked for (its login, expiry, enabled flag and connection limit; the group and the plan's
 * settings it did not state are in the entry, not differences). The row's own entry is rendered by
 * the same function with the same defaults, so a clean row differs in nothing.
 */
function csvWrittenEntry(
  agent: ImportAgent,
  defaults: AgentEntryDefaults,
  line: NewLine,
  today: string,
): { entry: string | null; differences: Difference[] } {
  const enabled = line.payload.enabled;
  const served = enabled && line.expiryDate >= today;
  const max = line.values.restrictionOverrides?.max_connections;
  const asked = {
    username: line.values.username,
    password: line.payload.password,
    expiryDate: line.expiryDate,
    served: enabled,
    restrictions: max == null ? undefined : { max_connections: max },
  };
  const askedText = renderEntry(agent.backend, asked, defaults);
  if (agent.backend === 'cccam') {
    // An F-line holds no connection limit; a line CCcam does not serve is left out of the file.
    const lost: Difference[] =
      max == null ? [] : [{ key: 'max_connections', file: String(max), written: null }];
    if (!served) return { entry: null, differences: [{ key: 'F', file: askedText, written: null }, ...lost] };
    const written = renderLine('cccam', line, defaults, true);
    const fields = (text: string) => text.trim().split(/\s+/).slice(0, 3).join(' ');
    const login = fields(askedText) === fields(written) ? [] : [{ key: 'F', file: askedText, written }];
    return { entry: written, differences: [...login, ...lost] };
  }
  const written = renderLine('oscam', line, defaults, served);
  const differences = oscamDifferences(askedText, written).filter(
    (difference) =>
      CSV_ROW_KEYS.includes(difference.key) && (difference.key !== 'max_connections' || max != null),
  );
  return { entry: written, differences };
}

/**
 * The entry a row will be written as on its server, and every difference from what the file has
 * (none for an account the import keeps as it is, or a clean CSV row). A CSV row needs the picked
 * server's agent and its defaults (the group, the F-line's fields); without them its entry is null.
 */
export function writtenEntry(
  format: LineImportFormat,
  entry: ImportedEntry | null,
  line: NewLine | null,
  today: string,
  agent: ImportAgent | null,
): { entry: string | null; differences: Difference[] } {
  if (!line) return { entry: null, differences: [] };
  if (format === 'csv') {
    if (!agent?.defaults) return { entry: null, differences: [] };
    return csvWrittenEntry(agent, agent.defaults, line, today);
  }
  if (!entry) return { entry: null, differences: [] };
  const served = line.payload.enabled && line.expiryDate >= today;
  // CCcam has no disabled flag: the agent leaves a line it does not serve out of the file.
  if (format === 'cccam' && !served) {
    return { entry: null, differences: [{ key: 'F', file: entry.text.trim(), written: null }] };
  }
  const defaults = agent?.backend === format && agent.defaults ? agent.defaults : FILE_DEFAULTS[format];
  const written = renderLine(format, line, defaults, served);
  const differences =
    format === 'oscam' ? oscamDifferences(entry.text, written) : cccamDifferences(entry.text, written);
  return { entry: written, differences };
}
