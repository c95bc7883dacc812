// The two config files a card server keeps its accounts in, read the same way by the line agent
// (which writes them) and by the panel's import of another server's file. Pure text functions, with
// no imports: the agent's bundle takes this file alone.
//
// An entry is its login (username, password), expiry, enabled flag, restrictions (the settings the
// panel models) and `extra`: everything else the entry says, kept verbatim, so that reading an entry
// and writing it back loses no setting an operator wrote.

// F: <user> <pass> <uphops> <shareemus> <allowemm> { caid:id:downhops } { caid:id:sid } { begin-end } <hostname>
export const CCCAM_F_LINE = /^\s*F:\s*(\S+)/;
const F_FIELDS = /^\s*F:\s*(\S+)(?:\s+(\S+))?(?:\s+(\S+))?(.*)$/;
/** The login of an F-line and the rest of the line exactly as written (leading spaces included). */
const F_LOGIN = /^\s*F:\s*(\S+)(?:\s+(\S+))?(.*)$/;

/** An F-line's fields: the login, its uphops and the rest of the line as written. */
export type CccamFLine = { username: string; password: string | null; hops: string | null; rest: string };

/** One line of a CCcam.cfg as an F-line, or null when it is none (a comment, another setting). */
export function parseCccamFLine(text: string): CccamFLine | null {
  const match = F_FIELDS.exec(text);
  if (!match) return null;
  const [, username = '', password = null, hops = null, rest = ''] = match;
  return { username, password, hops, rest };
}

/** Every F-line of a CCcam.cfg, in file order. */
export function cccamFLines(text: string): CccamFLine[] {
  return text.split(/\r?\n/).flatMap((line) => parseCccamFLine(line) ?? []);
}

export const OSCAM_SECTION = /^\s*\[([^\]]*)\]/;
export const OSCAM_USER_KEY = /^\s*user\s*=\s*(.*?)\s*$/i;
export const OSCAM_KEY_VALUE = /^\s*([^=#\s]+)\s*=\s*(.*?)\s*$/;

/** A section header's name in lower case (`account`, `reader` …), or null for any other line. */
export function oscamSectionName(line: string): string | null {
  const header = OSCAM_SECTION.exec(line);
  return header ? (header[1] ?? '').trim().toLowerCase() : null;
}

/** A section's `key = value` lines: keys in lower case, the last value of a key kept, repeats named. */
export function oscamKeyValues(lines: readonly string[]): {
  values: Map<string, string>;
  repeated: string[];
} {
  const values = new Map<string, string>();
  const repeated: string[] = [];
  for (const line of lines) {
    const match = OSCAM_KEY_VALUE.exec(line);
    if (!match) continue;
    const key = (match[1] ?? '').toLowerCase();
    if (values.has(key)) repeated.push(key);
    values.set(key, match[2] ?? '');
  }
  return { values, repeated };
}

/** Every [account] section of an oscam.user, each as its keys and values. */
export function oscamAccounts(text: string): Map<string, string>[] {
  const accounts: Map<string, string>[] = [];
  let section: string[] | null = null;
  const flush = () => {
    if (section) accounts.push(oscamKeyValues(section).values);
    section = null;
  };
  for (const line of text.split(/\r?\n/)) {
    const name = oscamSectionName(line);
    if (name !== null) {
      flush();
      if (name === 'account') section = [];
      continue;
    }
    section?.push(line);
  }
  flush();
  return accounts;
}

// ---------------------------------------------------------------------------------------------
// Logins

export const CREDENTIAL_MAX_LENGTH = 64;
// Printable ASCII without the space: whitespace separates F: line fields and ends oscam values.
const PRINTABLE_NO_SPACE = /^[\x21-\x7e]+$/;
// { } open CCcam option groups, # starts a comment, [ ] start an OSCam section, = splits OSCam keys.
const CONFIG_SYNTAX = /[{}[\]#=]/;

export type CredentialField = 'Username' | 'Password';

/**
 * Why a username or password cannot be written into CCcam.cfg / oscam.user as it is (they are
 * pasted verbatim, so anything that is syntax in either format is refused), or null when it can.
 */
export function credentialProblem(field: CredentialField, value: string): string | null {
  if (value.length > CREDENTIAL_MAX_LENGTH) {
    return `${field} must be at most ${CREDENTIAL_MAX_LENGTH} characters`;
  }
  if (!PRINTABLE_NO_SPACE.test(value)) {
    return `${field} may only contain printable ASCII characters, without spaces or line breaks`;
  }
  if (CONFIG_SYNTAX.test(value)) {
    return `${field} must not contain any of these characters: { } [ ] # =`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Restrictions: the settings the panel models, with the keys of the panel's plans.

export type EntryCaid = { caid: string; idents: string[] };

export type EntryRestrictions = {
  /** OSCam `max_connections`. */
  max_connections?: number;
  /** OSCam `uniq`. */
  uniq?: number;
  /** OSCam `caid` and `ident`. */
  caids?: EntryCaid[];
  /** OSCam `cccmaxhops`; CCcam: the F-line's uphops. */
  cccam_hops?: number;
  /** OSCam `cccreshare`; CCcam: the first brace group's leading `0:0:N`. */
  cccam_reshare?: number;
  /** OSCam `allowedprotocols`. */
  allowed_protocols?: string[];
  /** OSCam `group`; `[]`: the account has no group line at all. Absent: the agent's default. */
  groups?: number[];
  /** OSCam `services`: labels of oscam.services sections, `!label` denies one. */
  services?: string[];
  /** OSCam `allowedtimeframe`, e.g. `MON@08:00-20:00;SAT@10:00-14:00` (isAllowedTimeframe). */
  allowed_timeframe?: string;
  /** OSCam `au`: reader labels, comma-separated, or `1` for every reader. */
  au?: string;
};

export const RESTRICTION_KEYS = [
  'max_connections',
  'uniq',
  'caids',
  'cccam_hops',
  'cccam_reshare',
  'allowed_protocols',
  'groups',
  'services',
  'allowed_timeframe',
  'au',
] as const;
export type RestrictionKey = (typeof RESTRICTION_KEYS)[number];

/** The keys only OSCam has; a CCcam F-line has nothing that means the same. */
export const OSCAM_ONLY_RESTRICTION_KEYS: readonly RestrictionKey[] = [
  'caids',
  'groups',
  'services',
  'allowed_timeframe',
  'au',
];

/** Protocol names OSCam's `allowedprotocols` knows that the panel offers. */
export const OSCAM_PROTOCOLS = [
  'cccam',
  'newcamd',
  'camd35',
  'cs378x',
  'cs357x',
  'radegast',
  'gbox',
] as const;
const PROTOCOLS: ReadonlySet<string> = new Set(OSCAM_PROTOCOLS);
const CAID = /^[0-9A-F]{4}$/;
const IDENT = /^[0-9A-F]{6}$/;
/** OSCam keeps an account's groups in 64 bits: group 1 to 64. */
export const OSCAM_MAX_GROUP = 64;
/** OSCam keeps an account's allowed and denied services in 64 bits each. */
export const OSCAM_MAX_SERVICES = 64;
/** A service or reader label as OSCam compares it: one word without the files' own syntax. */
const LABEL = /^[^\s,;!#=[\]{}]{1,64}$/;

// OSCam's allowedtimeframe (oscam-config-account.c): parts separated by `;`, each `hh:mm-hh:mm` for
// every day or `DAY@hh:mm-hh:mm[,hh:mm-hh:mm…]` for one day (SUN … SAT, or ALL), letters in any
// case. A frame whose start is after its end runs over midnight; 24:00 ends a day.
const TIMEFRAME_DAYS = new Set(['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'ALL']);
const TIME_RANGE = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;

function isTimeRange(range: string): boolean {
  const match = TIME_RANGE.exec(range);
  if (!match) return false;
  const [startH, startM, endH, endM] = match.slice(1).map(Number) as [number, number, number, number];
  const start = startH * 60 + startM;
  const end = endH * 60 + endM;
  return startM < 60 && endM < 60 && start < 24 * 60 && end <= 24 * 60;
}

/** Whether a value is one OSCam reads as an `allowedtimeframe` (and not one it warns about and drops). */
export function isAllowedTimeframe(value: string): boolean {
  if (value.length === 0 || value.length > 512) return false;
  return value.split(';').every((part) => {
    const at = part.indexOf('@');
    if (at === -1) return isTimeRange(part);
    const day = part.slice(0, at).toUpperCase();
    const ranges = part.slice(at + 1);
    return TIMEFRAME_DAYS.has(day) && ranges.split(',').every(isTimeRange);
  });
}

/** Whether a list is one OSCam's `services` reads: section labels, each allowed or (`!label`) denied. */
export function isServiceList(list: readonly string[]): boolean {
  return (
    list.length > 0 &&
    list.length <= OSCAM_MAX_SERVICES * 2 &&
    new Set(list).size === list.length &&
    list.every((item) => LABEL.test(item.startsWith('!') ? item.slice(1) : item))
  );
}

/** Whether a value is one OSCam's `au` reads: `1` (every reader) or reader labels, comma-separated. */
export function isAuValue(value: string): boolean {
  if (value === '1') return true;
  const labels = value.split(',');
  return labels.length <= 256 && labels.every((label) => LABEL.test(label));
}

function intIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

export type RestrictionsCheck =
  { ok: true; value: EntryRestrictions | undefined } | { ok: false; message: string };

/**
 * Checks a `restrictions` object key by key against what the files can hold. Unknown keys are
 * refused rather than ignored: a limit that cannot be written must not turn silently into no limit.
 * Which keys a server's format has at all is the caller's question (OSCAM_ONLY_RESTRICTION_KEYS).
 */
export function checkRestrictions(raw: unknown): RestrictionsCheck {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  if (typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, message: 'restrictions must be an object' };
  const body = raw as Record<string, unknown>;
  const known: ReadonlySet<string> = new Set(RESTRICTION_KEYS);
  const unknown = Object.keys(body).filter((key) => !known.has(key));
  if (unknown.length > 0) return { ok: false, message: `Unknown restriction: ${unknown.join(', ')}` };
  const fail = (message: string): RestrictionsCheck => ({ ok: false, message });
  const out: EntryRestrictions = {};
  if (body.max_connections !== undefined) {
    if (!intIn(body.max_connections, 1, 1000)) return fail('max_connections must be 1 to 1000');
    out.max_connections = body.max_connections;
  }
  if (body.uniq !== undefined) {
    if (!intIn(body.uniq, 0, 4)) return fail('uniq must be 0 to 4');
    out.uniq = body.uniq;
  }
  if (body.caids !== undefined) {
    if (!Array.isArray(body.caids) || body.caids.length === 0 || body.caids.length > 32) {
      return fail('caids must list 1 to 32 CAIDs');
    }
    const caids: EntryCaid[] = [];
    for (const entry of body.caids as unknown[]) {
      const { caid, idents = [] } = (entry ?? {}) as { caid?: unknown; idents?: unknown };
      if (
        typeof caid !== 'string' ||
        !CAID.test(caid) ||
        !Array.isArray(idents) ||
        idents.length > 32 ||
        !idents.every((ident) => typeof ident === 'string' && IDENT.test(ident))
      ) {
        return fail('Each CAID must be 4 hex digits (upper case) with idents of 6');
      }
      caids.push({ caid, idents: idents as string[] });
    }
    out.caids = caids;
  }
  for (const key of ['cccam_hops', 'cccam_reshare'] as const) {
    if (body[key] === undefined) continue;
    if (!intIn(body[key], 0, 9)) return fail(`${key} must be 0 to 9`);
    out[key] = body[key];
  }
  if (body.allowed_protocols !== undefined) {
    const list = body.allowed_protocols;
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      !list.every((p) => typeof p === 'string' && PROTOCOLS.has(p))
    ) {
      return fail(`allowed_protocols must list some of ${OSCAM_PROTOCOLS.join(', ')}`);
    }
    out.allowed_protocols = [...new Set(list as string[])];
  }
  if (body.groups !== undefined) {
    const list = body.groups;
    if (
      !Array.isArray(list) ||
      list.length > OSCAM_MAX_GROUP ||
      !list.every((group) => intIn(group, 1, OSCAM_MAX_GROUP)) ||
      new Set(list).size !== list.length
    ) {
      return fail(
        `groups must list different group numbers from 1 to ${OSCAM_MAX_GROUP} (an empty list: no group)`,
      );
    }
    out.groups = list as number[];
  }
  if (body.services !== undefined) {
    const list = body.services;
    if (
      !Array.isArray(list) ||
      !list.every((item) => typeof item === 'string') ||
      !isServiceList(list as string[])
    ) {
      return fail(
        'services must list different oscam.services labels (one word each, !label to deny one), at most 128',
      );
    }
    out.services = list as string[];
  }
  if (body.allowed_timeframe !== undefined) {
    const value = body.allowed_timeframe;
    if (typeof value !== 'string' || !isAllowedTimeframe(value)) {
      return fail(
        'allowed_timeframe must be OSCam allowedtimeframe syntax: hh:mm-hh:mm, or DAY@hh:mm-hh:mm[,hh:mm-hh:mm] (DAY: MON … SUN or ALL), several joined by ;',
      );
    }
    out.allowed_timeframe = value;
  }
  if (body.au !== undefined) {
    const value = body.au;
    if (typeof value !== 'string' || !isAuValue(value)) {
      return fail('au must be 1 (every reader) or reader labels joined by commas, without spaces');
    }
    out.au = value;
  }
  return { ok: true, value: Object.keys(out).length > 0 ? out : undefined };
}

/** The oscam.user keys and values restrictions write, in a fixed order (the group aside). */
export function oscamRestrictionKeyValues(r: EntryRestrictions | undefined): [string, string][] {
  if (!r) return [];
  const lines: [string, string][] = [];
  if (r.max_connections !== undefined) lines.push(['max_connections', String(r.max_connections)]);
  if (r.uniq !== undefined) lines.push(['uniq', String(r.uniq)]);
  if (r.caids) {
    lines.push(['caid', r.caids.map((c) => c.caid).join(',')]);
    const idents = r.caids.filter((c) => c.idents.length > 0);
    if (idents.length > 0)
      lines.push(['ident', idents.map((c) => `${c.caid}:${c.idents.join(',')}`).join(';')]);
  }
  if (r.cccam_hops !== undefined) lines.push(['cccmaxhops', String(r.cccam_hops)]);
  if (r.cccam_reshare !== undefined) lines.push(['cccreshare', String(r.cccam_reshare)]);
  if (r.allowed_protocols) lines.push(['allowedprotocols', r.allowed_protocols.join(',')]);
  if (r.services) lines.push(['services', r.services.join(',')]);
  if (r.allowed_timeframe !== undefined) lines.push(['allowedtimeframe', r.allowed_timeframe]);
  if (r.au !== undefined) lines.push(['au', r.au]);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// extra: what an entry says that the panel does not model, verbatim.

/** OSCam: the section's other lines in file order; CCcam: the F-line's text after the password. */
export type EntryExtra = { oscam: string[] } | { cccam: string };

export type ConfigFormat = 'oscam' | 'cccam';

/** Keys the agent writes itself in every [account]; never part of `extra`. */
const OSCAM_OWN_KEYS = new Set(['user', 'pwd', 'expdate', 'disabled']);
export const OSCAM_EXTRA_MAX_LINES = 200;
export const EXTRA_MAX_LINE_LENGTH = 2048;
// Tab and printable characters; a line break or another control character would end the line.
const isOneLine = (text: string) =>
  [...text].every((char) => {
    const code = char.charCodeAt(0);
    return code === 9 || (code >= 32 && code !== 127);
  });
// The agent's own block markers (managed-block.ts): a copy of one inside an entry would break the block.
const AGENT_MARKER = /^\s*#\s*(BEGIN|END) linedesk-agent/;

export type ExtraCheck = { ok: true; value: EntryExtra | undefined } | { ok: false; message: string };

/** Checks an `extra` for a server of this format: text that keeps the file and the entry intact. */
export function checkExtra(raw: unknown, format: ConfigFormat): ExtraCheck {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  const fail = (message: string): ExtraCheck => ({ ok: false, message });
  if (typeof raw !== 'object' || Array.isArray(raw)) return fail('extra must be an object');
  const body = raw as Record<string, unknown>;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== format)
    return fail(`extra must be { "${format}": … } on a ${format} server`);
  if (format === 'cccam') {
    const text = body.cccam;
    if (typeof text !== 'string') return fail('extra.cccam must be the F-line text after the password');
    if (text.length > EXTRA_MAX_LINE_LENGTH || !isOneLine(text)) {
      return fail(`extra.cccam must be one line of at most ${EXTRA_MAX_LINE_LENGTH} characters`);
    }
    if (text !== '' && !/^[ \t]/.test(text)) return fail('extra.cccam must be empty or start with a space');
    return { ok: true, value: { cccam: text } };
  }
  const lines = body.oscam;
  if (
    !Array.isArray(lines) ||
    lines.length > OSCAM_EXTRA_MAX_LINES ||
    !lines.every((l) => typeof l === 'string')
  ) {
    return fail(`extra.oscam must list at most ${OSCAM_EXTRA_MAX_LINES} lines of the [account] section`);
  }
  const seen = new Set<string>();
  for (const line of lines as string[]) {
    if (line.length > EXTRA_MAX_LINE_LENGTH || !isOneLine(line)) {
      return fail(`Each extra.oscam line must be one line of at most ${EXTRA_MAX_LINE_LENGTH} characters`);
    }
    if (line.trim().startsWith('[') || AGENT_MARKER.test(line)) {
      return fail(`extra.oscam must not hold a section header or an agent marker: ${line}`);
    }
    const key = OSCAM_KEY_VALUE.exec(line)?.[1]?.toLowerCase();
    if (key === undefined) continue;
    if (OSCAM_OWN_KEYS.has(key)) return fail(`extra.oscam must not set ${key}: the agent writes it`);
    if (seen.has(key)) return fail(`extra.oscam sets ${key} twice`);
    seen.add(key);
  }
  return { ok: true, value: { oscam: [...(lines as string[])] } };
}

/** The keys (lower case) an OSCam `extra` sets. */
function extraKeys(extra: EntryExtra | null | undefined): Set<string> {
  const keys = new Set<string>();
  if (extra && 'oscam' in extra) {
    for (const line of extra.oscam) {
      const key = OSCAM_KEY_VALUE.exec(line)?.[1]?.toLowerCase();
      if (key) keys.add(key);
    }
  }
  return keys;
}

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
  | 'KEYS_REPEATED';

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
    problems: loginProblems(username, password),
  };
}

function textLines(text: string): { text: string; start: number; end: number }[] {
  const lines: { text: string; start: number; end: number }[] = [];
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
  const lines = textLines(text);
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
  return textLines(text).flatMap((line) => {
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
