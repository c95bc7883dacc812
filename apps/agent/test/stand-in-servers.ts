import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
/**
 * An account's `usermd5`, hashed once per name: the benches read a 50,000-account list back after
 * every reload, and the stand-in's own hashing (in the bench's process) is not what they measure.
 */
const userMd5s = new Map<string, string>();
function userMd5(user: string): string {
  let hash = userMd5s.get(user);
  if (hash === undefined) {
    hash = md5(user);
    userMd5s.set(user, hash);
  }
  return hash;
}

export const WEBIF_LOGIN = { username: 'webadmin', password: 'web-pw:1' };

/** A client connection as OSCam's oscamapi.json?part=status lists it (the fields the agent reads). */
export type StandInClient = {
  thid: string;
  type: 'c' | 'r' | 'p' | 's' | 'm';
  name: string;
  protocol: string;
  ip: string;
  port: number;
  /** Clients: OK, Sleep, Duplicate; readers: CARDOK, CONNECTED, OFF, ERROR… */
  status: string;
  login: string;
  online: number;
  idle: number;
  caid: string;
  srvid: string;
  chname: string;
  ecmtime: number;
};

/** A receiver connected to the account and watching a channel (one of OSCam's `c` entries). */
export function watchingClient(username: string, ip: string, thid: string): StandInClient {
  return {
    thid,
    type: 'c',
    name: username,
    protocol: 'cccam (2.3.2-3367)',
    ip,
    port: 40000,
    status: 'OK',
    login: '2026-11-22T07:15:00+0100',
    online: 600,
    idle: 3,
    caid: '1702',
    srvid: '0085',
    chname: 'Sky Cinema',
    ecmtime: 120,
  };
}

type Account = { user: string; disabled: boolean; expdate: string };
type HeldAccount = Account & { pwd: string };

export type StandInOscam = {
  url: string;
  /** Request lines received with a valid Digest login, in order. */
  requests: string[];
  /** The accounts OSCam holds since its last (re)load of oscam.user. */
  accounts(): Account[];
  /** Whether a client logging in with this user and password would be let in (held, enabled, not expired). */
  acceptsLogin(user: string, pwd: string): boolean;
  setClients(clients: StandInClient[]): void;
  /**
   * The account's counters in part=userstats (`timeout`: cwtimeout, `ignored`: cwignore, `lastMs`:
   * cwlastresptime).
   */
  setCounters(
    user: string,
    cwok: number,
    cwnok: number,
    more?: { timeout?: number; ignored?: number; lastMs?: number },
  ): void;
  /**
   * A reader (oscam.server) as `part=readerlist` lists it, with its counters: `ok` ecmsok,
   * `notFound` ecmsnok, `timeout` ecmstout. A reader also running (in `part=status`) is a client of
   * type `r` or `p` with its label as name.
   */
  setReader(
    label: string,
    counted: { ok: number; notFound: number; timeout?: number; enabled?: boolean },
  ): void;
  /** Like `httpreadonly = 1`: reinit answers 200 and reloads nothing. */
  setReadonly(readonly: boolean): void;
  /**
   * A slow server: the next `part=userstats` request gets the counters as they are when it comes in,
   * but only once `release` is called. `arrived` resolves when it has come in.
   */
  holdNextUserstats(): { arrived: Promise<void>; release: () => void };
  close(): Promise<void>;
};

/** The [account] sections of an oscam.user text, as OSCam reads them. */
function readAccounts(text: string): HeldAccount[] {
  const accounts: HeldAccount[] = [];
  let current: HeldAccount | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (/^\[.*\]$/.test(line)) {
      current =
        line.toLowerCase() === '[account]' ? { user: '', pwd: '', disabled: false, expdate: '' } : null;
      if (current) accounts.push(current);
      continue;
    }
    const pair = /^([^=]+)=(.*)$/.exec(line);
    if (!current || !pair) continue;
    const key = pair[1]!.trim().toLowerCase();
    const value = pair[2]!.trim();
    if (key === 'user') current.user = value;
    if (key === 'pwd') current.pwd = value;
    if (key === 'disabled') current.disabled = value === '1';
    if (key === 'expdate') current.expdate = value;
  }
  return accounts.filter((account) => account.user);
}

function header(body: string): string {
  return `{\n"oscam": {\n    "version": "1.20-unstable_svn build r11757",\n    "revision": "11757",\n${body}\n    }\n}`;
}

/**
 * Stands in for OSCam's web interface: HTTP Digest login as OSCam checks it (MD5, qop=auth, realm
 * "Forbidden"; Basic gets 401), `userconfig.html?action=reinit` re-reading oscam.user from disk, and
 * the JSON API's `part=userstats`, `part=readerlist` and `part=status` (hiding clients idle over 25 s unless
 * hideidle=0) with `action=kill`.
 */
export async function startStandInOscam(userFile: string): Promise<StandInOscam> {
  const realm = 'Forbidden';
  const nonces = new Set<string>();
  const requests: string[] = [];
  let accounts = readAccounts(readFileSync(userFile, 'utf8'));
  let clients: StandInClient[] = [];
  const counters = new Map<
    string,
    { cwok: number; cwnok: number; timeout: number; ignored: number; lastMs: number }
  >();
  const readers = new Map<string, { ok: number; notFound: number; timeout: number; enabled: boolean }>();
  let readonly = false;
  let hold: { arrived: () => void; released: Promise<void> } | null = null;

  function authorized(req: http.IncomingMessage): boolean {
    const value = req.headers.authorization ?? '';
    if (!value.startsWith('Digest ')) return false;
    const fields: Record<string, string> = {};
    for (const match of value.slice(7).matchAll(/([a-z]+)=(?:"([^"]*)"|([^\s,]+))/gi)) {
      fields[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? '';
    }
    if (fields.username !== WEBIF_LOGIN.username || !nonces.has(fields.nonce ?? '')) return false;
    if (fields.uri !== req.url || fields.qop !== 'auth') return false;
    const ha1 = md5(`${WEBIF_LOGIN.username}:${realm}:${WEBIF_LOGIN.password}`);
    const ha2 = md5(`${req.method}:${fields.uri}`);
    return fields.response === md5(`${ha1}:${fields.nonce}:${fields.nc}:${fields.cnonce}:auth:${ha2}`);
  }

  function userstats(): string {
    const now = new Date().toISOString().slice(0, 10);
    // Once per answer, not once per account: 50,000 accounts against 50,000 clients took minutes.
    const onlineNames = new Set(clients.filter((client) => client.type === 'c').map((client) => client.name));
    const users = accounts.map((account) => {
      const counted = counters.get(account.user) ?? {
        cwok: 0,
        cwnok: 0,
        timeout: 0,
        ignored: 0,
        lastMs: 0,
      };
      const expired = account.expdate !== '' && account.expdate < now;
      const online = onlineNames.has(account.user);
      const suffix = account.disabled ? ' (disabled)' : expired ? ' (expired)' : '';
      return `{\n\t"user":{\n\t\t"usermd5":"id_${userMd5(account.user)}",\n\t\t"status":"${online ? 'online' : 'offline'}${suffix}",\n\t\t"expdate":"${account.expdate}",\n\t\t"stats":{\n\t\t\t"cwok":"${counted.cwok}",\n\t\t\t"cwnok":"${counted.cwnok}",\n\t\t\t"cwignore":"${counted.ignored}",\n\t\t\t"cwtimeout":"${counted.timeout}",\n\t\t\t"cwlastresptime":"${counted.lastMs}"\n\t\t}\n\t}\n}`;
    });
    return header(`"users":[${users.join(',')}]`);
  }

  function status(hideIdle: boolean): string {
    const shown = clients.filter((client) => !hideIdle || client.type !== 'c' || client.idle <= 25);
    const entries = shown.map((client) =>
      JSON.stringify({
        thid: client.thid,
        type: client.type,
        name_enc: encodeURIComponent(client.name),
        protocol: client.protocol,
        request: {
          caid: client.caid,
          srvid: client.srvid,
          ecmtime: String(client.ecmtime),
          answered: 'local',
          chname: client.chname,
        },
        times: { login: client.login, online: String(client.online), idle: String(client.idle) },
        connection: { ip: client.ip, port: String(client.port), status: client.status },
      }),
    );
    return header(`"status": {\n"client":[${entries.join(',')}]}`);
  }

  // OSCam writes the counters as strings, and a reader's status as HTML (`<B>online</B>`).
  function readerlist(): string {
    const entries = [...readers].map(([label, counted]) =>
      JSON.stringify({
        labelmd5: md5(label),
        label: encodeURIComponent(label),
        status: counted.enabled ? '<B>online</B>' : 'offline',
        protocol: 'newcamd',
        type: 'p',
        enabled: counted.enabled ? '1' : '0',
        stats: {
          ecmsok: String(counted.ok),
          ecmsokrel: ' (0.00 %)',
          ecmsnok: String(counted.notFound),
          ecmstout: String(counted.timeout),
          ecmsfiltered: '0 / 0',
        },
      }),
    );
    return header(`"readers":[${entries.join(',')}]`);
  }

  const server = http.createServer((req, res) => {
    if (!authorized(req)) {
      const nonce = randomBytes(16).toString('hex');
      nonces.add(nonce);
      res.writeHead(401, {
        'www-authenticate': `Digest algorithm="MD5", realm="${realm}", qop="auth", opaque="${md5(nonce)}", nonce="${nonce}"`,
        'content-type': 'text/html',
      });
      res.end('<html><body>401 Unauthorized</body></html>');
      return;
    }
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://oscam');
    const part = url.searchParams.get('part');
    const action = url.searchParams.get('action');
    if (url.pathname === '/userconfig.html') {
      if (action === 'reinit' && !readonly) accounts = readAccounts(readFileSync(userFile, 'utf8'));
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Users</body></html>');
      return;
    }
    if (url.pathname === '/oscamapi.json' && part === 'userstats') {
      const body = userstats();
      const held = hold;
      hold = null;
      held?.arrived();
      void (held?.released ?? Promise.resolve()).then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
      return;
    }
    if (url.pathname === '/oscamapi.json' && part === 'readerlist') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(readerlist());
      return;
    }
    if (url.pathname === '/oscamapi.json' && part === 'status') {
      if (action === 'kill') {
        const thread = url.searchParams.get('threadid') ?? '';
        clients = clients.filter((client) => client.thid !== `id_${thread}`);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(status(url.searchParams.get('hideidle') !== '0'));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accounts: () => accounts.map(({ pwd: _pwd, ...account }) => account),
    acceptsLogin: (user, pwd) => {
      const today = new Date().toISOString().slice(0, 10);
      return accounts.some(
        (account) =>
          account.user === user &&
          account.pwd === pwd &&
          !account.disabled &&
          (account.expdate === '' || account.expdate >= today),
      );
    },
    setClients: (next) => {
      clients = next;
    },
    setCounters: (user, cwok, cwnok, more = {}) => {
      counters.set(user, {
        cwok,
        cwnok,
        timeout: more.timeout ?? 0,
        ignored: more.ignored ?? 0,
        lastMs: more.lastMs ?? 0,
      });
    },
    setReader: (label, counted) => {
      readers.set(label, {
        ok: counted.ok,
        notFound: counted.notFound,
        timeout: counted.timeout ?? 0,
        enabled: counted.enabled ?? true,
      });
    },
    setReadonly: (value) => {
      readonly = value;
    },
    holdNextUserstats: () => {
      let arrived!: () => void;
      let release!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      hold = { arrived, released: new Promise<void>((resolve) => (release = resolve)) };
      return { arrived: arrival, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const WEBINFO_LOGIN = { username: 'info', password: 'info-pw' };

/**
 * CCcam's info page (`ALLOW WEBINFO: yes`, Basic auth): `/activeclients` prints a text table whose
 * rows start with `|`, then the share list from `| Shareinfo`.
 */
export async function startStandInCccamInfo(
  page: () => string,
): Promise<{ url: string; close(): Promise<void> }> {
  const expected = `Basic ${Buffer.from(`${WEBINFO_LOGIN.username}:${WEBINFO_LOGIN.password}`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="CCcam"' });
      res.end();
      return;
    }
    if (req.url !== '/activeclients') {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
