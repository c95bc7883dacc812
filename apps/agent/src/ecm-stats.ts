import type { CccamClient } from './cccam-webinfo';
import { oscamUserKey, type OscamAccountStats, type OscamClient, type OscamReaderStats } from './oscam-webif';

/**
 * What the server counted for one account since it started: control words answered (`ecmOk`) and
 * not (`ecmNok`: not found, refused or timed out). The counters only grow until the server restarts; the
 * panel takes the difference between two reads.
 */
export type AccountEcmStats = {
  username: string;
  managed: boolean;
  /** Whether a client of the account is connected now. */
  online: boolean;
  /**
   * Null where the server lists no counters for the account: OSCam has not loaded it (yet, or any
   * more) though a client of that name is connected or the agent wrote it. Read as 0, the panel
   * took it as the account's starting point and counted everything the account then showed as new.
   */
  ecmOk: number | null;
  ecmNok: number | null;
  /** The last answer's time in ms (OSCam's `cwlastresptime`); null where the server gives none (CCcam). */
  lastAnswerMs: number | null;
  lastCaid: string | null;
  lastSrvid: string | null;
  lastChannel: string | null;
};

/** A reader (card or proxy) of the server as its status lists it now. */
export type ReaderEcmStats = {
  label: string;
  protocol: string;
  /** OSCam's connection status of the reader (`CARDOK`, `CONNECTED`, `OFF`, `ERROR`…). */
  state: string;
  /** The time of the reader's last answer in ms, null before its first. */
  lastAnswerMs: number | null;
  /**
   * ECMs the reader answered (`ecmOk`) and did not (`ecmNok`: not found or timed out) since the
   * server started, as `ecmOk`/`ecmNok` of an account; null where the server counts none per reader.
   */
  ecmOk: number | null;
  ecmNok: number | null;
};

export type EcmStats = { accounts: AccountEcmStats[]; readers: ReaderEcmStats[] };

const codeOrNull = (value: string) => (value && !/^0+$/.test(value) ? value.toUpperCase() : null);

/**
 * OSCam: every managed account (connected or not, so the panel sees a line that asks for nothing)
 * and every other account connected now, with the counters of `part=userstats`; the last channel
 * from the account's connection in `part=status`. Readers are its entries of type `r` (a card) and
 * `p` (a proxy to another server).
 */
export function oscamEcmStats(
  clients: OscamClient[],
  stats: Map<string, OscamAccountStats>,
  managed: ReadonlySet<string>,
  readerStats: Map<string, OscamReaderStats> = new Map(),
): EcmStats {
  const connected = new Map<string, OscamClient>();
  for (const client of clients) {
    // Of two connections of one account, the one that asked last tells its channel.
    const seen = connected.get(client.username);
    if (client.type === 'c' && (!seen || (client.idleSeconds ?? 0) < (seen.idleSeconds ?? 0))) {
      connected.set(client.username, client);
    }
  }
  const names = [...new Set([...managed, ...connected.keys()])].sort();
  const accounts = names.map((username): AccountEcmStats => {
    const counters = stats.get(oscamUserKey(username));
    const client = connected.get(username);
    return {
      username,
      managed: managed.has(username),
      online: client !== undefined,
      ecmOk: counters ? counters.cwok : null,
      ecmNok: counters ? counters.cwnok + counters.cwignore + counters.cwtimeout : null,
      lastAnswerMs: counters?.cwlastresptime || (client?.ecmTimeMs ?? null) || null,
      lastCaid: client ? codeOrNull(client.caid) : null,
      lastSrvid: client ? codeOrNull(client.srvid) : null,
      lastChannel: client?.channel || null,
    };
  });
  // The counters come from part=readerlist, the state from part=status; a reader part=status does not
  // list (disabled, or one whose thread it leaves out, as a real OSCam does a constant-CW reader's)
  // takes the list's own status.
  const readers = clients
    .filter((client) => client.type === 'r' || client.type === 'p')
    .map((reader): ReaderEcmStats => {
      const counters = readerStats.get(reader.username);
      return {
        label: reader.username,
        protocol: reader.protocol,
        state: reader.status,
        lastAnswerMs: reader.ecmTimeMs || null,
        ecmOk: counters ? counters.ecmsok : null,
        ecmNok: counters ? counters.ecmsnok + counters.ecmstout : null,
      };
    });
  const listed = new Set(readers.map((reader) => reader.label));
  for (const counters of readerStats.values()) {
    if (listed.has(counters.label)) continue;
    readers.push({
      label: counters.label,
      protocol: '',
      state: counters.state,
      lastAnswerMs: null,
      ecmOk: counters.ecmsok,
      ecmNok: counters.ecmsnok + counters.ecmstout,
    });
  }
  readers.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return { accounts, readers };
}

/**
 * CCcam: its info page counts ECMs per connection (`ecm` as total and, in brackets, answered); an
 * account's figures are the sum over its connections. It gives no answer times, and its server
 * page (`/servers`) lists cards per hop, not ECMs per server: no readers.
 */
export function cccamEcmStats(clients: CccamClient[], managed: ReadonlySet<string>): EcmStats {
  const byName = new Map<string, AccountEcmStats>();
  for (const username of managed) {
    byName.set(username, {
      username,
      managed: true,
      online: false,
      ecmOk: 0,
      ecmNok: 0,
      lastAnswerMs: null,
      lastCaid: null,
      lastSrvid: null,
      lastChannel: null,
    });
  }
  for (const client of clients) {
    const entry = byName.get(client.username) ?? {
      username: client.username,
      managed: false,
      online: false,
      ecmOk: 0,
      ecmNok: 0,
      lastAnswerMs: null,
      lastCaid: null,
      lastSrvid: null,
      lastChannel: null,
    };
    const ok = client.ecmOk ?? 0;
    entry.online = true;
    // CCcam counts per connection: every account it names has figures, 0 when it asked for nothing.
    entry.ecmOk = (entry.ecmOk ?? 0) + ok;
    entry.ecmNok = (entry.ecmNok ?? 0) + Math.max(0, (client.ecmTotal ?? 0) - ok);
    entry.lastCaid = client.caid ?? entry.lastCaid;
    entry.lastChannel = client.lastShare || entry.lastChannel;
    byName.set(client.username, entry);
  }
  return {
    accounts: [...byName.values()].sort((a, b) => (a.username < b.username ? -1 : 1)),
    readers: [],
  };
}
