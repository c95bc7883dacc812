// The settings of an entry beyond its login and expiry: the restrictions the panel models (with
// OSCam's own syntax for each) and `extra`, every other line or field kept verbatim.

import { OSCAM_KEY_VALUE } from './line-config-syntax.js';

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
export const OSCAM_OWN_KEYS = new Set(['user', 'pwd', 'expdate', 'disabled']);
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
    return fail(`extra must be { "${format}": … } on ${format === 'oscam' ? 'an OSCam' : 'a CCcam'} server`);
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
export function extraKeys(extra: EntryExtra | null | undefined): Set<string> {
  const keys = new Set<string>();
  if (extra && 'oscam' in extra) {
    for (const line of extra.oscam) {
      const key = OSCAM_KEY_VALUE.exec(line)?.[1]?.toLowerCase();
      if (key) keys.add(key);
    }
  }
  return keys;
}
