import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { HttpLogin } from './config';

export type WebAnswer = { status: number; body: string };

/** The web page could not be reached, or answered in a way no request can fix. */
export class WebPageError extends Error {
  constructor(
    message: string,
    /**
     * Nothing answered at all (connection refused, reset, or no answer in time): the card server
     * itself is down, not merely its page misconfigured, so the panel counts it as an outage.
     */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

export type WebPageClient = {
  /** `maxBytes`: a page that grows with the server (OSCam's account list) allows more than the default. */
  get(pathAndQuery: string, options?: { maxBytes?: number }): Promise<WebAnswer>;
};

// OSCam's status page and CCcam's info pages are small; anything far bigger is not the page we asked for.
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

function fetchOnce(
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  maxBytes: number,
): Promise<WebAnswer & { challenge: string | null }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // A card-sharing box's web page usually has a self-signed certificate, and it is reached on the
    // same host or a private network, where the login is what protects it.
    const req = client.request(
      url,
      { method: 'GET', headers, agent: false, rejectUnauthorized: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(new WebPageError(`${url.origin} answered more than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const header = res.headers['www-authenticate'];
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            challenge: Array.isArray(header) ? (header[0] ?? null) : (header ?? null),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new WebPageError(`${url.origin} did not answer within ${timeoutMs / 1000}s`, true)),
    );
    req.on('error', (error) =>
      reject(
        error instanceof WebPageError ? error : new WebPageError(`${url.origin}: ${error.message}`, true),
      ),
    );
    req.end();
  });
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** The parameters of a `WWW-Authenticate: Digest ...` challenge (quoted or token values). */
export function parseDigestChallenge(header: string): Record<string, string> | null {
  const match = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!match?.[1]) return null;
  const params: Record<string, string> = {};
  const pattern = /([a-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/gi;
  for (let found = pattern.exec(match[1]); found; found = pattern.exec(match[1])) {
    params[found[1]!.toLowerCase()] = found[2] !== undefined ? found[2].replace(/\\(.)/g, '$1') : found[3]!;
  }
  return params;
}

type DigestState = { challenge: Record<string, string>; count: number };

/**
 * RFC 7616 Digest with MD5 and qop=auth, which is what OSCam's web interface speaks (it refuses
 * Basic with 401). The challenge is kept between calls, each call counting its own nonce use, and
 * fetched again when the server says the nonce went stale.
 */
function digestAuthorization(state: DigestState, login: HttpLogin, uri: string): string {
  const { challenge } = state;
  const realm = challenge.realm ?? '';
  const nonce = challenge.nonce ?? '';
  const algorithm = (challenge.algorithm ?? 'MD5').toUpperCase();
  const qops = (challenge.qop ?? '').split(',').map((value) => value.trim().toLowerCase());
  const useQop = qops.includes('auth');
  state.count += 1;
  const nc = state.count.toString(16).padStart(8, '0');
  const cnonce = randomBytes(16).toString('hex');
  let ha1 = md5(`${login.username}:${realm}:${login.password}`);
  if (algorithm === 'MD5-SESS') ha1 = md5(`${ha1}:${nonce}:${cnonce}`);
  const ha2 = md5(`GET:${uri}`);
  const response = useQop
    ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`)
    : md5(`${ha1}:${nonce}:${ha2}`);
  const quote = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;
  const parts = [
    `username=${quote(login.username)}`,
    `realm=${quote(realm)}`,
    `nonce=${quote(nonce)}`,
    `uri=${quote(uri)}`,
    `algorithm=${challenge.algorithm ?? 'MD5'}`,
    `response=${quote(response)}`,
    ...(challenge.opaque !== undefined ? [`opaque=${quote(challenge.opaque)}`] : []),
    ...(useQop ? [`qop=auth`, `nc=${nc}`, `cnonce=${quote(cnonce)}`] : []),
  ];
  return `Digest ${parts.join(', ')}`;
}

/**
 * GETs pages of a card-sharing server's own web interface: OSCam's webif (Digest) or CCcam's info
 * page (Basic). An empty username means the page has no login.
 */
export function createWebPageClient(
  login: HttpLogin,
  scheme: 'digest' | 'basic',
  timeoutMs: number,
): WebPageClient {
  let digest: DigestState | null = null;

  function authorization(uri: string): Record<string, string> {
    if (!login.username) return {};
    if (scheme === 'basic') {
      return {
        authorization: `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`,
      };
    }
    return digest ? { authorization: digestAuthorization(digest, login, uri) } : {};
  }

  return {
    async get(pathAndQuery, options = {}) {
      const maxBytes = options.maxBytes ?? MAX_ANSWER_BYTES;
      const url = new URL(`${login.url}${pathAndQuery}`);
      const uri = `${url.pathname}${url.search}`;
      let answer = await fetchOnce(url, authorization(uri), timeoutMs, maxBytes);
      if (answer.status === 401 && scheme === 'digest' && login.username && answer.challenge) {
        const challenge = parseDigestChallenge(answer.challenge);
        // First call, or the nonce expired: answer the fresh challenge once.
        if (challenge?.nonce) {
          digest = { challenge, count: 0 };
          answer = await fetchOnce(url, authorization(uri), timeoutMs, maxBytes);
        }
      }
      if (answer.status === 401) {
        throw new WebPageError(`${url.origin} refused the login (401); check the user and password settings`);
      }
      return { status: answer.status, body: answer.body };
    },
  };
}
