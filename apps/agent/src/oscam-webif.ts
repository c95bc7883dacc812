import { createHash } from 'node:crypto';
import type { HttpLogin } from './config';
import { createWebPageClient, WebPageError, type WebPageClient } from './web-page-client';

/** One account as `oscamapi.json?part=userstats` lists it (OSCam names it by an MD5 of the name). */
/** `expdate`: the account's expiry day as OSCam holds it (YYYY-MM-DD), '' when it has none. */
/** `cwtimeout`: ECMs no reader answered in time; `cwlastresptime`: the last answer's time in ms. */
/**
 * `cwignore`: ECMs answered "not found" with a reason (OSCam's rcEx: a reader refused it, wrong
 * checksum, rate limit…); the receiver got "not found" for them as for `cwnok` (a real OSCam counts a
 * constant-CW reader's "no CW for this service" there, docs/ecm-stats.md).
 */
export type OscamAccountStats = {
  status: string;
  cwok: number;
  cwnok: number;
  cwignore: number;
  cwtimeout: number;
  cwlastresptime: number | null;
  expdate: string;
};

/** One live client connection from `oscamapi.json?part=status`. */
export type OscamClient = {
  threadId: string;
  type: string;
  username: string;
  protocol: string;
  ip: string;
  port: number | null;
  status: string;
  login: string;
  onlineSeconds: number | null;
  idleSeconds: number | null;
  caid: string;
  srvid: string;
  channel: string;
  ecmTimeMs: number | null;
};

/**
 * One reader as `oscamapi.json?part=readerlist` lists it: its counters since OSCam started (or since
 * the webif's "reset statistics"): `ecmsok` answered, `ecmsnok` not found, `ecmstout` timed out.
 */
export type OscamReaderStats = {
  label: string;
  enabled: boolean;
  /**
   * The list's status in the words of part=status: `CARDOK` (OSCam prints "online" or "active": a
   * card, or an emulator, answers), `CONNECTED`, `OFF` ("offline", or the reader is disabled).
   */
  state: string;
  ecmsok: number;
  ecmsnok: number;
  ecmstout: number;
};

export type OscamWebif = {
  /** Asks OSCam to re-read oscam.user ("Refresh Accounts requested by WebIF"). */
  reinit(): Promise<void>;
  /**
   * The accounts OSCam holds, by `oscamUserKey`; with `only`, just those keys (the others are
   * skipped unread: a reload check of one change on a 50,000-account server needs one or two).
   */
  userStats(only?: ReadonlySet<string>): Promise<Map<string, OscamAccountStats>>;
  clients(): Promise<OscamClient[]>;
  readerStats(): Promise<Map<string, OscamReaderStats>>;
  kill(threadId: string): Promise<void>;
};

/** How OSCam's JSON API names an account: `id_` and the MD5 of the user name, in hex. */
export function oscamUserKey(username: string): string {
  let key = userKeys.get(username);
  if (key === undefined) {
    key = `id_${createHash('md5').update(username, 'utf8').digest('hex')}`;
    // Every reload checks every account; a server's names are few enough to keep (bounded anyway).
    if (userKeys.size >= USER_KEYS_KEPT) userKeys.clear();
    userKeys.set(username, key);
  }
  return key;
}
const userKeys = new Map<string, string>();
const USER_KEYS_KEPT = 500_000;

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = asText(value).trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

function decodeName(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** The `oscam` object of an oscamapi.json answer, or a clear error when it is not one. */
function parseApi(answer: { status: number; body: string }, what: string): Json {
  if (answer.status !== 200) throw new WebPageError(`OSCam webif answered ${answer.status} to ${what}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    throw new WebPageError(`OSCam webif did not answer ${what} with JSON (is this the OSCam webif?)`);
  }
  const oscam = asObject(asObject(parsed).oscam);
  if (Object.keys(oscam).length === 0) throw new WebPageError(`OSCam webif answered ${what} without "oscam"`);
  return oscam;
}

export function parseOscamClients(oscam: Json): OscamClient[] {
  const list = asObject(oscam.status).client;
  if (!Array.isArray(list)) return [];
  return list.map((entry): OscamClient => {
    const client = asObject(entry);
    const request = asObject(client.request);
    const times = asObject(client.times);
    const connection = asObject(client.connection);
    return {
      threadId: asText(client.thid),
      type: asText(client.type),
      username: decodeName(asText(client.name_enc)),
      protocol: asText(client.protocol),
      ip: asText(connection.ip),
      port: asNumber(connection.port),
      status: asText(connection.status),
      login: asText(times.login),
      onlineSeconds: asNumber(times.online),
      idleSeconds: asNumber(times.idle),
      caid: asText(request.caid),
      srvid: asText(request.srvid),
      channel: asText(request.chname),
      ecmTimeMs: asNumber(request.ecmtime),
    };
  });
}

/** `readers` of a part=readerlist answer, by label (the label comes URL-encoded, as `name_enc`). */
export function parseOscamReaders(oscam: Json): Map<string, OscamReaderStats> {
  const list = Array.isArray(oscam.readers) ? oscam.readers : [];
  const readers = new Map<string, OscamReaderStats>();
  for (const entry of list) {
    const reader = asObject(entry);
    const label = decodeName(asText(reader.label));
    const counters = asObject(reader.stats);
    if (label) {
      const enabled = asText(reader.enabled) !== '0';
      const status = asText(reader.status)
        .replace(/<[^>]*>/g, '')
        .trim()
        .toLowerCase();
      readers.set(label, {
        label,
        enabled,
        state: !enabled
          ? 'OFF'
          : status === 'online' || status === 'active'
            ? 'CARDOK'
            : status === 'connected'
              ? 'CONNECTED'
              : 'OFF',
        ecmsok: asNumber(counters.ecmsok) ?? 0,
        ecmsnok: asNumber(counters.ecmsnok) ?? 0,
        ecmstout: asNumber(counters.ecmstout) ?? 0,
      });
    }
  }
  return readers;
}

/**
 * The account list grows with the server, a few hundred bytes an account: 50,000 accounts are more
 * than the 8 MiB other pages may answer, and a reload check that cannot read the list fails every
 * change. 256 MiB holds several hundred thousand accounts and stays far below a string's limit.
 * The status page lists every connected client at a few hundred bytes each, so it grows alike: at
 * 50,000 connected accounts it is some 17 MB, and a cap of 8 MiB failed every connections and ECM
 * statistics read of such a server.
 */
const USERSTATS_MAX_BYTES = 256 * 1024 * 1024;
const STATUS_MAX_BYTES = USERSTATS_MAX_BYTES;

export function createOscamWebif(login: HttpLogin, timeoutMs: number): OscamWebif {
  const web: WebPageClient = createWebPageClient(login, 'digest', timeoutMs);
  return {
    async reinit() {
      const answer = await web.get('/userconfig.html?action=reinit');
      if (answer.status !== 200) {
        throw new WebPageError(`OSCam webif answered ${answer.status} to the account reload (reinit)`);
      }
    },
    async userStats(only) {
      const oscam = parseApi(
        await web.get('/oscamapi.json?part=userstats', { maxBytes: USERSTATS_MAX_BYTES }),
        'part=userstats',
      );
      const users = Array.isArray(oscam.users) ? oscam.users : [];
      const stats = new Map<string, OscamAccountStats>();
      for (const entry of users) {
        const user = asObject(asObject(entry).user);
        const key = asText(user.usermd5);
        if (!key || (only && !only.has(key))) continue;
        const counters = asObject(user.stats);
        stats.set(key, {
          status: asText(user.status),
          expdate: asText(user.expdate),
          cwok: asNumber(counters.cwok) ?? 0,
          cwnok: asNumber(counters.cwnok) ?? 0,
          cwignore: asNumber(counters.cwignore) ?? 0,
          cwtimeout: asNumber(counters.cwtimeout) ?? 0,
          cwlastresptime: asNumber(counters.cwlastresptime),
        });
      }
      return stats;
    },
    async clients() {
      // hideidle=0: by default the webif leaves out clients idle longer than httphideidleclients.
      return parseOscamClients(
        parseApi(
          await web.get('/oscamapi.json?part=status&hideidle=0', { maxBytes: STATUS_MAX_BYTES }),
          'part=status',
        ),
      );
    },
    async readerStats() {
      return parseOscamReaders(parseApi(await web.get('/oscamapi.json?part=readerlist'), 'part=readerlist'));
    },
    async kill(threadId) {
      // The JSON API names a thread "id_0x..."; the kill action reads the bare pointer.
      const bare = threadId.replace(/^id_/, '');
      const answer = await web.get(
        `/oscamapi.json?part=status&action=kill&threadid=${encodeURIComponent(bare)}`,
      );
      parseApi(answer, 'the kill request');
    },
  };
}
