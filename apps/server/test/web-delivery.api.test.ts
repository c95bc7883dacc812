import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const webDist = path.join(repoRoot, 'apps/web/dist');

type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A plain HTTP GET that keeps the bytes as sent (fetch would undo Content-Encoding). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(res: RawResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  return res.body;
}

function directives(policy: string | undefined): Map<string, string> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

let server: TestServer;
let html: string;
let scriptPath: string;

beforeAll(async () => {
  // These tests are about the built app, so build it when the sources are newer than dist.
  const build = spawnSync(process.execPath, ['scripts/build-web-if-stale.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
  server = await startTestServer();
  html = String((await server.client().get('/sign-in')).body);
  const entry = html.match(/<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!entry) throw new Error(`no entry script in index.html:\n${html}`);
  scriptPath = entry;
}, 300_000);
afterAll(async () => server?.close());

describe('the page and app routes', () => {
  it.each(['/', '/sign-in', '/lines/all'])(
    '%s is asked again every time and carries a strict Content-Security-Policy with a fresh nonce',
    async (page) => {
      const first = await server.client().get(page);
      const second = await server.client().get(page);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toContain('text/html');
      expect(first.headers.get('cache-control')).toBe('no-cache');
      // Helmet's headers come with the page, and leave its policy (below) as the panel made it.
      expect(first.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(first.headers.get('permissions-policy')).toContain('camera=()');

      const policy = directives(first.headers.get('content-security-policy') ?? undefined);
      expect(policy.get('script-src')).toBe("'self'");
      expect(policy.get('object-src')).toBe("'none'");
      expect(policy.get('base-uri')).toBe("'self'");
      expect(policy.get('frame-ancestors')).toBe("'none'");
      expect(policy.get('default-src')).toBe("'self'");
      const styleNonce = policy.get('style-src')?.match(/'nonce-([^']+)'/)?.[1];
      expect(styleNonce).toBeTruthy();
      expect(policy.get('style-src')).not.toContain('unsafe-inline');

      // The page hands the same nonce to the app (for emotion's <style> tags); each answer has its own.
      const body = String(first.body);
      expect(body).toContain(`<meta property="csp-nonce" nonce="${styleNonce}">`);
      expect(body).not.toContain('__LINEDESK_CSP_NONCE__');
      const secondNonce = second.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
      expect(secondNonce).toBeTruthy();
      expect(secondNonce).not.toBe(styleNonce);
      // No inline scripts: every <script> loads a file, but for the data blocks (not run): the account
      // and the position the page's event stream starts from.
      const inline = [...body.matchAll(/<script\b[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => !/ src="/.test(tag));
      expect(inline).toEqual([
        '<script type="application/json" id="linedesk-me">',
        '<script type="application/json" id="linedesk-event-position">',
      ]);
    },
  );

  it("starts the download of the browser language's texts with the page's code", async () => {
    const german = String(
      (await server.client().get('/sign-in', { 'accept-language': 'de-AT,de;q=0.9' })).body,
    );
    const other = String(
      (await server.client().get('/sign-in', { 'accept-language': 'fr-FR,fr;q=0.9' })).body,
    );
    const preloaded = (page: string) =>
      [...page.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/locale-[^"]+)">/g)].map(
        (m) => m[1],
      );
    expect(preloaded(german)).toEqual([expect.stringMatching(/^\/assets\/locale-de-/)]);
    expect(preloaded(other)).toEqual([expect.stringMatching(/^\/assets\/locale-en-/)]);
    expect((await server.client().get(preloaded(german)[0]!)).status).toBe(200);
  });

  it.each(['/my', '/my/', '/my/sign-in', '/my/activate?code=AB12-CD34'])(
    "%s is the customer portal's own page, with the panel's strict policy and a fresh nonce",
    async (page) => {
      const first = await server.client().get(page, { 'accept-language': 'pl-PL,pl;q=0.9' });
      const second = await server.client().get(page);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toContain('text/html');
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const policy = directives(first.headers.get('content-security-policy') ?? undefined);
      expect(policy.get('script-src')).toBe("'self'");
      expect(policy.get('style-src')).not.toContain('unsafe-inline');
      const nonce = policy.get('style-src')?.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      expect(second.headers.get('content-security-policy')).not.toContain(nonce);

      const body = String(first.body);
      expect(body).not.toContain('__LINEDESK_CSP_NONCE__');
      const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      // Its own entry, not the panel's; no account block (the portal asks /api/portal/me).
      expect(scripts).toEqual([expect.stringMatching(/ src="\/assets\/portal-[\w-]+\.js"/)]);
      expect(body).not.toContain(scriptPath);
      const preloaded = [
        ...body.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)">/g),
      ];
      expect(preloaded.map((m) => m[1])).toEqual([expect.stringMatching(/^\/assets\/portal-locale-pl-/)]);
      for (const [, file] of [...body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)]) {
        expect((await server.client().get(file!)).status).toBe(200);
      }
    },
  );

  it("never sends the portal's page template under its own name", async () => {
    const res = await server.client().get('/portal.html');
    expect(String(res.body)).not.toContain('__LINEDESK_CSP_NONCE__');
    expect(String(res.body)).not.toMatch(/\/assets\/portal-[\w-]+\.js/);
  });

  it("carries a signed-in visitor's account in the page, as GET /api/me answers it, for them alone", async () => {
    const admin = await server.admin();
    // A name that would end a script block if the page wrote it as it is.
    const name = 'Ad</script><script>alert(1)</script>min';
    expect((await admin.patch('/api/me', { full_name: name })).status).toBe(200);
    const me = (await admin.get('/api/me')).body as { id: string; full_name: string };
    expect(me.full_name).toBe(name);

    const before = Date.now();
    const page = await admin.get('/');
    const body = String(page.body);
    const block = body.match(/<script type="application\/json" id="linedesk-me">([^<]*)<\/script>/)?.[1];
    expect(JSON.parse(block!)).toEqual(me);
    // And when it was asked for, as every answer's header says it: where its event stream starts.
    const position = body.match(
      /<script type="application\/json" id="linedesk-event-position">(\d+)<\/script>/,
    )?.[1];
    expect(position).toBe(page.headers.get('x-event-position'));
    expect(Number(position)).toBeGreaterThanOrEqual(before);
    expect(Number(position)).toBeLessThanOrEqual(Date.now());
    // The only scripts that run are the app's files; the data blocks are the only other <script>s.
    const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.filter((tag) => !/ src="/.test(tag))).toEqual([
      '<script type="application/json" id="linedesk-me">',
      '<script type="application/json" id="linedesk-event-position">',
    ]);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');

    // An ended session: the page says so, and the app goes to sign-in without asking.
    const ended = server.client();
    ended.cookies.set('linedesk.session_token', 'ended-session');
    const endedBody = String((await ended.get('/lines')).body);
    expect(endedBody).toContain('<script type="application/json" id="linedesk-me">null</script>');
    // No session cookie: the page says no one is signed in, the same for every such visitor.
    const anonymous = await server.client().get('/sign-in');
    expect(String(anonymous.body)).toContain(
      '<script type="application/json" id="linedesk-me">null</script>',
    );
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
  });

  it("starts a signed-in visitor's shell and its texts with the page's code, and no one else's", async () => {
    const preloaded = (page: string) =>
      [...page.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)">/g)].map((m) => m[1]);
    const headers = { 'accept-language': 'de-AT,de;q=0.9' };
    const visitor = String((await server.client().get('/lines', headers)).body);
    const signedIn = String(
      (await server.client().get('/lines', { ...headers, cookie: 'linedesk.session_token=some-session' }))
        .body,
    );
    expect(preloaded(visitor)).toEqual([expect.stringMatching(/^\/assets\/locale-de-/)]);
    expect(preloaded(signedIn)).toEqual([
      expect.stringMatching(/^\/assets\/locale-de-/),
      expect.stringMatching(/^\/assets\/shell-/),
      expect.stringMatching(/^\/assets\/locale-rest-de-/),
    ]);
    for (const file of preloaded(signedIn)) expect((await server.client().get(file!)).status).toBe(200);
  });

  it('keeps the schema library out of what the sign-in page and the dashboard download first', async () => {
    // zod and the shared schemas are some 35 KB gzip. A shell module that takes one plain helper from
    // a shared module holding schemas (line.ts, credits.ts) brings all of them into the first download:
    // such helpers live in modules without schemas (line-display.ts, spend-rule.ts).
    const signedIn = String(
      (await server.client().get('/', { cookie: 'linedesk.session_token=some-session' })).body,
    );
    const files = [
      scriptPath,
      ...[...signedIn.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)">/g)].map(
        (m) => m[1]!,
      ),
    ];
    expect(files).toContainEqual(expect.stringMatching(/^\/assets\/shell-/));
    for (const file of files) {
      const code = String((await server.client().get(file)).body);
      expect(code.length, file).toBeGreaterThan(0);
      // Every zod schema class is registered under a name like this one.
      expect(code, file).not.toContain('$ZodType');
    }
  });

  it('compresses the page itself when the browser accepts it', async () => {
    const res = await rawGet(`${server.url}/sign-in`, { 'accept-encoding': 'br, gzip' });
    // Small pages stay plain below the compression threshold; either way it decodes to the page.
    expect(['br', undefined]).toContain(res.headers['content-encoding']);
    expect(decode(res).toString()).toContain('<div id="root">');
  });
});

describe('hashed assets', () => {
  it('are kept a year and sent precompressed according to Accept-Encoding', async () => {
    const onDisk = readFileSync(path.join(webDist, scriptPath));
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await rawGet(server.url + scriptPath, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(decode(res).equals(onDisk)).toBe(true);
      if (expected) expect(res.body.length).toBeLessThan(onDisk.length / 2);
    }
  });

  it('answer 404 for a missing file instead of the page', async () => {
    const res = await rawGet(`${server.url}/assets/gone-0000.js`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('API answers', () => {
  it('are never stored and compress large JSON on the fly', async () => {
    const admin = await server.admin();
    const me = await admin.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');

    const doc = await rawGet(`${server.url}/api/openapi.json`, { 'accept-encoding': 'br' });
    expect(doc.status).toBe(200);
    expect(doc.headers['cache-control']).toBe('no-store');
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(doc).toString()).openapi).toMatch(/^3\./);

    const gz = await rawGet(`${server.url}/api/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz).equals(decode(doc))).toBe(true);
  });

  it('keep the event stream uncompressed and unbuffered', async () => {
    const admin = await server.admin();
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { headers, firstChunk } = await new Promise<{ headers: IncomingHttpHeaders; firstChunk: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${server.url}/api/events`,
          { headers: { cookie, 'accept-encoding': 'br, gzip', 'x-forwarded-for': admin.ip } },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              resolve({ headers: res.headers, firstChunk: chunk.toString() });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(headers['content-type']).toContain('text/event-stream');
    expect(headers['content-encoding']).toBeUndefined();
    expect(firstChunk).toContain(': connected');
  });

  it('give the API docs page a policy of its own that still loads Swagger UI', async () => {
    const page = await server.client().get('/api/docs/');
    expect(page.status).toBe(200);
    const policy = directives(page.headers.get('content-security-policy') ?? undefined);
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    const scripts = [...String(page.body).matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const res = await server.client().get(new URL(script, `${server.url}/api/docs/`).pathname);
      expect(res.status).toBe(200);
    }
  });
});
