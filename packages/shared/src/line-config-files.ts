// The two config files a card server keeps its accounts in, read the same way by the line agent
// (which writes them) and by the panel's import of another server's file. Pure text functions that
// import only their two siblings (the files' syntax, an entry's settings), themselves import-free:
// the agent's bundle takes these three files alone. This file reads and writes whole entries.
//
// An entry is its login (username, password), expiry, enabled flag, restrictions (the settings the
// panel models) and `extra`: everything else the entry says, kept verbatim, so that reading an entry
// and writing it back loses no setting an operator wrote.

import { F_LOGIN, OSCAM_KEY_VALUE, credentialProblem, oscamSectionName } from './line-config-syntax.js';
import {
  type ConfigFormat,
  type EntryExtra,
  type EntryRestrictions,
  OSCAM_OWN_KEYS,
  type RestrictionKey,
  checkExtra,
  checkRestrictions,
  extraKeys,
  oscamRestrictionKeyValues,
} from './line-config-settings.js';

export * from './line-config-syntax.js';
export * from './line-config-settings.js';

// ---------------------------------------------------------------------------------------------
// Reading entries

export type EntryProblemCode =
  | 'NO_USERNAME'
  | 'NO_PASSWORD'
  | 'USERNAME_UNSAFE'
  | 'PASSWORD_UNSAFE'
  | 'DUPLICATE_USERNAME'
  | 'DISABLED_INVALID'
  | 'EXPDATE_INVALID'
  | 'KEYS_REPEATED'
  | 'EXTRA_UNSAFE';

/** Why an entry cannot be taken over: a code for the panel, the English text for the agent's answers. */
export type EntryProblem = { code: EntryProblemCode; message: string };

export type ReadEntry = {
  username: string;
  password: string | null;
  /** ISO YYYY-MM-DD; null when the entry has none (every CCcam F-line). */
  expiryDate: string | null;
  enabled: boolean;
  /** The modeled keys whose values the panel can hold; `{}` when none. */
  restrictions: EntryRestrictions;
  extra: EntryExtra;
  /** Only real conflicts; empty when the entry can be taken over as it is. */
  problems: EntryProblem[];
};

/** A read entry with where it is in the text it was read from (`end` exclusive) and its exact text. */
export type ConfigEntry = ReadEntry & { start: number; end: number; text: string };

function loginProblems(username: string, password: string | null): EntryProblem[] {
  const problems: EntryProblem[] = [];
  if (!username) problems.push({ code: 'NO_USERNAME', message: 'No username is set' });
  else {
    const user = credentialProblem('Username', username);
    if (user) problems.push({ code: 'USERNAME_UNSAFE', message: user });
  }
  if (password === null) problems.push({ code: 'NO_PASSWORD', message: 'No password is set' });
  else {
    const pass = credentialProblem('Password', password);
    if (pass) problems.push({ code: 'PASSWORD_UNSAFE', message: pass });
  }
  return problems;
}

// The panel's dates run from 1900 to 2099 (docs/spec-rules.md, "Dates").
function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** An OSCam expdate as ISO: OSCam reads year, month and day split by `-` or `/`. */
export function oscamExpdateToIso(value: string): string | null {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value);
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

type KeyLine = { key: string; value: string; line: string };

/**
 * The modeled keys of a section that the panel can hold, each only when writing the parsed value
 * gives back exactly the value the file has: anything else stays in `extra`, verbatim.
 */
function oscamRestrictionsOf(keys: ReadonlyMap<string, KeyLine>): {
  restrictions: EntryRestrictions;
  used: Set<string>;
} {
  const raw: Record<string, unknown> = {};
  const used = new Set<string>();
  const value = (key: string) => keys.get(key)?.value;
  const take = (key: string, restriction: RestrictionKey, parsed: unknown, fileKeys: string[] = [key]) => {
    const checked = checkRestrictions({ [restriction]: parsed });
    if (!checked.ok || !checked.value) return;
    const written = new Map(oscamRestrictionKeyValues(checked.value));
    if (!fileKeys.every((fileKey) => written.get(fileKey) === value(fileKey))) return;
    if ([...written.keys()].some((fileKey) => !fileKeys.includes(fileKey))) return;
    raw[restriction] = checked.value[restriction];
    for (const fileKey of fileKeys) used.add(fileKey);
  };
  const int = (text: string | undefined) =>
    text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
  const list = (text: string | undefined) => (text === undefined ? undefined : text.split(','));

  if (keys.has('max_connections')) take('max_connections', 'max_connections', int(value('max_connections')));
  if (keys.has('uniq')) take('uniq', 'uniq', int(value('uniq')));
  if (keys.has('cccmaxhops')) take('cccmaxhops', 'cccam_hops', int(value('cccmaxhops')));
  if (keys.has('cccreshare')) take('cccreshare', 'cccam_reshare', int(value('cccreshare')));
  if (keys.has('allowedprotocols'))
    take('allowedprotocols', 'allowed_protocols', list(value('allowedprotocols')));
  if (keys.has('services')) take('services', 'services', list(value('services')));
  if (keys.has('allowedtimeframe')) take('allowedtimeframe', 'allowed_timeframe', value('allowedtimeframe'));
  if (keys.has('au')) take('au', 'au', value('au'));
  if (keys.has('caid')) {
    const idents = new Map<string, string[]>();
    for (const group of (value('ident') ?? '').split(';')) {
      const [caid = '', rest = ''] = group.split(':');
      if (caid) idents.set(caid, rest.split(','));
    }
    const caids = (value('caid') ?? '').split(',').map((caid) => ({ caid, idents: idents.get(caid) ?? [] }));
    take('caid', 'caids', caids, keys.has('ident') ? ['caid', 'ident'] : ['caid']);
  }
  const restrictions = raw as EntryRestrictions;
  if (keys.has('group')) {
    const text = value('group') ?? '';
    const groups = /^\d+(,\d+)*$/.test(text) ? text.split(',').map(Number) : undefined;
    const checked = checkRestrictions({ groups });
    if (groups && checked.ok && groups.join(',') === text) {
      restrictions.groups = groups;
      used.add('group');
    }
  } else {
    restrictions.groups = [];
  }
  return { restrictions, used };
}

/**
 * One [account] section: `lines` are the lines after its header, up to the next header. Lines after
 * the last `key = value` line (comments and blank lines before the next section) are no part of it.
 */
export function readOscamAccount(lines: readonly string[]): ReadEntry {
  const lastKey = lines.reduce((last, line, index) => (OSCAM_KEY_VALUE.test(line) ? index : last), -1);
  const body = lines.slice(0, lastKey + 1);
  const keys = new Map<string, KeyLine>();
  const repeated = new Set<string>();
  for (const line of body) {
    const match = OSCAM_KEY_VALUE.exec(line);
    if (!match) continue;
    const key = (match[1] ?? '').toLowerCase();
    if (keys.has(key)) repeated.add(key);
    keys.set(key, { key, value: match[2] ?? '', line });
  }
  const username = keys.get('user')?.value ?? '';
  const password = keys.get('pwd')?.value || null;
  const disabled = keys.get('disabled')?.value ?? '0';
  const expdate = keys.get('expdate')?.value || null;
  const expiryDate = expdate === null ? null : oscamExpdateToIso(expdate);
  const problems = loginProblems(username, password);
  if (repeated.size > 0) {
    problems.push({ code: 'KEYS_REPEATED', message: `Keys given twice: ${[...repeated].join(', ')}` });
  }
  if (disabled !== '0' && disabled !== '1') {
    problems.push({ code: 'DISABLED_INVALID', message: `disabled = ${disabled} is not 0 or 1` });
  }
  if (expdate !== null && expiryDate === null) {
    problems.push({
      code: 'EXPDATE_INVALID',
      message: `expdate = ${expdate} is not a YYYY-MM-DD date from 1900 to 2099`,
    });
  }
  const { restrictions, used } = oscamRestrictionsOf(keys);
  const extra = body.filter((line) => {
    if (line.trim() === '') return false;
    const key = OSCAM_KEY_VALUE.exec(line)?.[1]?.toLowerCase();
    return key === undefined || !(OSCAM_OWN_KEYS.has(key) || used.has(key));
  });
  if (repeated.size === 0) problems.push(...extraProblems({ oscam: extra }, 'oscam'));
  return {
    username,
    password,
    expiryDate,
    enabled: disabled !== '1',
    restrictions,
    extra: { oscam: extra },
    problems,
  };
}

/** Settings the agent could not store and write back as they are (very long or control characters). */
function extraProblems(extra: EntryExtra, format: ConfigFormat): EntryProblem[] {
  const checked = checkExtra(extra, format);
  return checked.ok ? [] : [{ code: 'EXTRA_UNSAFE', message: checked.message }];
}

/** One F-line, or null when the line is none. */
export function readCccamFLine(line: string): ReadEntry | null {
  const match = F_LOGIN.exec(line);
  if (!match) return null;
  const [, username = '', password = null, rest = ''] = match;
  const restrictions: EntryRestrictions = {};
  const fields = rest.split('#')[0] ?? '';
  const hops = /^\s+(\d)(?=\s|$)/.exec(fields);
  if (hops) restrictions.cccam_hops = Number(hops[1]);
  const reshare = /^[^{]*\{\s*0:0:(\d)\s*[,}]/.exec(fields);
  if (reshare) restrictions.cccam_reshare = Number(reshare[1]);
  return {
    username,
    password,
    expiryDate: null,
    enabled: true,
    restrictions,
    extra: { cccam: password === null ? '' : rest },
    problems: [...loginProblems(username, password), ...extraProblems({ cccam: rest }, 'cccam')],
  };
}

/** A text's lines without their line breaks, each with its offsets in the text (line break included). */
export type RawLine = { text: string; start: number; end: number };

export function rawLines(text: string): RawLine[] {
  const lines: RawLine[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    lines.push({ text: text.slice(start, end).replace(/\r?\n$/, ''), start, end });
    start = end;
  }
  return lines;
}

/** Every [account] section of an oscam.user (or of a part of one), in file order. */
export function readOscamEntries(text: string): ConfigEntry[] {
  const entries: ConfigEntry[] = [];
  const lines = rawLines(text);
  let header = -1;
  const flush = (next: number) => {
    if (header === -1) return;
    const own = lines.slice(header + 1, next);
    const lastKey = own.reduce((last, line, index) => (OSCAM_KEY_VALUE.test(line.text) ? index : last), -1);
    const start = lines[header]!.start;
    const end = lastKey === -1 ? lines[header]!.end : own[lastKey]!.end;
    entries.push({
      ...readOscamAccount(own.map((line) => line.text)),
      start,
      end,
      text: text.slice(start, end),
    });
    header = -1;
  };
  lines.forEach((line, index) => {
    const name = oscamSectionName(line.text);
    if (name === null) return;
    flush(index);
    if (name === 'account') header = index;
  });
  flush(lines.length);
  return entries;
}

/** Every F-line of a CCcam.cfg (or of a part of one), in file order. */
export function readCccamEntries(text: string): ConfigEntry[] {
  return rawLines(text).flatMap((line) => {
    const entry = readCccamFLine(line.text);
    return entry ? [{ ...entry, start: line.start, end: line.end, text: line.text }] : [];
  });
}

/** Adds the problem of a name given to several entries: only a human can tell which one the server uses. */
export function withDuplicateProblems<T extends { username: string; problems: EntryProblem[] }>(
  entries: readonly T[],
): T[] {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.username, (counts.get(entry.username) ?? 0) + 1);
  return entries.map((entry) => {
    const count = counts.get(entry.username) ?? 1;
    if (count < 2 || !entry.username) return entry;
    const problem: EntryProblem = {
      code: 'DUPLICATE_USERNAME',
      message: `The file has ${count} entries for this username`,
    };
    return { ...entry, problems: [...entry.problems, problem] };
  });
}

/** Every entry of a whole file, with the problems of names given twice. */
export function readConfigEntries(format: ConfigFormat, text: string): ConfigEntry[] {
  return withDuplicateProblems(format === 'oscam' ? readOscamEntries(text) : readCccamEntries(text));
}

// ---------------------------------------------------------------------------------------------
// Writing entries

export type EntryToRender = {
  username: string;
  password: string;
  /** ISO YYYY-MM-DD; null writes no expdate (the panel picks one when it takes the entry over). */
  expiryDate: string | null;
  /** Enabled and not expired: OSCam writes `disabled = 0`, CCcam writes the line at all. */
  served: boolean;
  restrictions?: EntryRestrictions | undefined;
  extra?: EntryExtra | null | undefined;
};

/** The agent's settings for what an entry does not say itself (AGENT_OSCAM_GROUP, AGENT_CCCAM_*). */
export type OscamDefaults = { group: string };
export type CccamDefaults = { uphops: number; shareEmus: number; allowEmm: number; lineSuffix: string };

/**
 * An [account] section: the login, the group (the restrictions' groups, else the agent's default,
 * and none when `extra` has its own group line), expdate, disabled, the restrictions' keys (each
 * left out when `extra` has that key: the verbatim line wins), then the `extra` lines as they are.
 */
export function renderOscamAccount(entry: EntryToRender, defaults: OscamDefaults): string[] {
  const own = extraKeys(entry.extra);
  const groups = entry.restrictions?.groups;
  const group = groups ? groups.join(',') : defaults.group;
  return [
    '[account]',
    `user = ${entry.username}`,
    `pwd = ${entry.password}`,
    ...(own.has('group') || group === '' ? [] : [`group = ${group}`]),
    ...(entry.expiryDate === null ? [] : [`expdate = ${entry.expiryDate}`]),
    `disabled = ${entry.served ? 0 : 1}`,
    ...oscamRestrictionKeyValues(entry.restrictions)
      .filter(([key]) => !own.has(key))
      .map(([key, value]) => `${key} = ${value}`),
    ...(entry.extra && 'oscam' in entry.extra ? entry.extra.oscam : []),
  ];
}

/** A suffix's leading `{ 0:0:N }`: the downhops limit for every CAID, which a plan's reshare replaces. */
export const ALL_CAIDS_LIMIT = /^\{\s*0:0:\d\s*\}/;

/**
 * An F-line. With `extra`: the login and the entry's own fields, its uphops (first field, when it is
 * a number) replaced by cccam_hops and its first brace group's leading `0:0:N` by cccam_reshare; a
 * field the entry does not have is not added. Without: the agent's configured fields.
 */
export function renderCccamFLine(entry: EntryToRender, defaults: CccamDefaults): string {
  const r = entry.restrictions;
  const login = `F: ${entry.username} ${entry.password}`;
  if (entry.extra && 'cccam' in entry.extra) {
    let rest = entry.extra.cccam;
    if (r?.cccam_hops !== undefined) rest = rest.replace(/^(\s+)\d+(?=\s|$)/, `$1${r.cccam_hops}`);
    if (r?.cccam_reshare !== undefined) {
      const hash = rest.indexOf('#');
      const fields = hash === -1 ? rest : rest.slice(0, hash);
      const comment = hash === -1 ? '' : rest.slice(hash);
      rest = fields.replace(/^([^{]*\{\s*0:0:)\d+(?=\s*[,}])/, `$1${r.cccam_reshare}`) + comment;
    }
    return login + rest;
  }
  const { uphops, shareEmus, allowEmm, lineSuffix } = defaults;
  const suffix =
    r?.cccam_reshare === undefined
      ? lineSuffix
      : `{ 0:0:${r.cccam_reshare} }${lineSuffix.replace(ALL_CAIDS_LIMIT, '')}`;
  return `${login} ${r?.cccam_hops ?? uphops} ${shareEmus} ${allowEmm}${suffix ? ` ${suffix}` : ''}`;
}

/** An entry's text as written (OSCam's section lines joined by `\n`). */
export function renderEntry(
  format: ConfigFormat,
  entry: EntryToRender,
  defaults: { oscam: OscamDefaults } | { cccam: CccamDefaults },
): string {
  if (format === 'oscam') {
    if (!('oscam' in defaults)) throw new Error('renderEntry: OSCam defaults are required');
    return renderOscamAccount(entry, defaults.oscam).join('\n');
  }
  if (!('cccam' in defaults)) throw new Error('renderEntry: CCcam defaults are required');
  return renderCccamFLine(entry, defaults.cccam);
}
