import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { errorMessages, isLanguage, type Language } from '@linedesk/shared';
import {
  CSP_NONCE_PLACEHOLDER,
  EVENT_POSITION_BLOCK_ID,
  EVENT_POSITION_HEADER,
  ME_BLOCK_ID,
} from '@linedesk/shared/page';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guardCompression } from './compression-guard.js';
import { appContentSecurityPolicy } from './security-headers.js';

/**
 * Compresses what is not precompressed at build time: JSON answers, the OpenAPI document, the page
 * itself. Level 4 brotli costs about what gzip does; the big static files get level 11 at build
 * time. `/api/events` hijacks its reply, so the event stream is never buffered by a compressor. An
 * answer that already looks compressed goes out as it is (compression-guard.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
  guardCompression(app);
}

/** A nonce per answer: the page's only way to let emotion's `<style>` tags through the policy. */
function newNonce() {
  return randomBytes(16).toString('base64');
}

/** What a page's first render needs beyond the entry, by vite.config.ts's chunk names. */
type FirstLoadChunks = {
  /** `locale-<language>`: the sign-in page's texts. */
  texts: Map<Language, string>;
  /** `locale-rest-<language>`: the rest of what the signed-in shell and the dashboard show. */
  shellTexts: Map<Language, string>;
  /** `shell`: the routes table, the signed-in shell and the dashboard. */
  shell: string | null;
};
let firstLoadCache: { html: string; chunks: FirstLoadChunks } | null = null;

/** The first-load chunks from the build's manifest (read again when the page changes). */
async function firstLoadChunks(webDist: string, html: string): Promise<FirstLoadChunks> {
  if (firstLoadCache?.html === html) return firstLoadCache.chunks;
  const chunks: FirstLoadChunks = { texts: new Map(), shellTexts: new Map(), shell: null };
  try {
    const manifest = JSON.parse(await readFile(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    for (const { file } of Object.values(manifest)) {
      const texts = /^assets\/locale-(\w+)-[\w-]+\.js$/.exec(file)?.[1];
      if (isLanguage(texts)) chunks.texts.set(texts, file);
      const shellTexts = /^assets\/locale-rest-(\w+)-[\w-]+\.js$/.exec(file)?.[1];
      if (isLanguage(shellTexts)) chunks.shellTexts.set(shellTexts, file);
      if (/^assets\/shell-[\w-]+\.js$/.test(file)) chunks.shell = file;
    }
  } catch {
    // A build without a manifest only loses the early start of these downloads.
  }
  firstLoadCache = { html, chunks };
  return chunks;
}

/** The portal's page in the build (vite.portal.config.ts); never served under its own name. */
const PORTAL_PAGE = 'portal.html';

/** The portal's texts chunk per language (`portal-locale-<language>`), from its build's own manifest. */
let portalTextsCache: { html: string; texts: Map<Language, string> } | null = null;

async function portalTextChunks(webDist: string, html: string): Promise<Map<Language, string>> {
  if (portalTextsCache?.html === html) return portalTextsCache.texts;
  const texts = new Map<Language, string>();
  try {
    const manifest = JSON.parse(
      await readFile(path.join(webDist, '.vite/portal-manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    for (const { file } of Object.values(manifest)) {
      const language = /^assets\/portal-locale-(\w+)-[\w-]+\.js$/.exec(file)?.[1];
      if (isLanguage(language)) texts.set(language, file);
    }
  } catch {
    // A build without a manifest only loses the early start of this download.
  }
  portalTextsCache = { html, texts };
  return texts;
}

/** The browser's first supported language; the app itself prefers a stored choice (rarely different). */
function likelyLanguage(acceptLanguage: string | undefined): Language {
  for (const tag of (acceptLanguage ?? '').split(',')) {
    const primary = tag.split(';')[0]?.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/**
 * The signed-in visitor's account as `GET /api/me` answers it (the same route, run in-process), or
 * `null` when the session has ended; `undefined` when that answer could not be had. The app's
 * first render and every request for the page's data waited on asking for it: on a phone, one round
 * trip after the code had downloaded.
 */
async function meForPage(request: FastifyRequest, reply: FastifyReply): Promise<string | undefined> {
  try {
    const answer = await request.server.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
      remoteAddress: request.ip,
    });
    // A session the lookup extended comes back with its cookie, which the page's answer carries on.
    const setCookie = answer.headers['set-cookie'];
    if (setCookie) void reply.header('set-cookie', setCookie);
    if (answer.statusCode === 200) return answer.body;
    if (answer.statusCode === 401) return 'null';
  } catch (error) {
    request.log.warn({ err: error }, 'the account for the page could not be read');
  }
  return undefined;
}

/** JSON inside a `<script type="application/json">` block: no `<` can end the block early. */
function dataBlock(id: string, json: string): string {
  return `  <script type="application/json" id="${id}">${json.replaceAll('<', '\\u003c')}</script>\n`;
}

async function sendIndex(
  webDist: string,
  sessionCookie: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // Read per answer so a rebuilt web app is served without a restart; it is a 2 KB file.
  const template = await readFile(path.join(webDist, 'index.html'), 'utf8');
  const nonce = newNonce();
  let html = template.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  // The app asks for its texts only once its code has run, and a signed-in visitor's shell once the
  // entry has run; starting those downloads with the entry's saves a round trip and the entry's
  // start-up (on a phone, most of a second) before the first render. Without a session cookie the
  // visitor is on the way to the sign-in page, which needs neither the shell nor its texts.
  const language = likelyLanguage(request.headers['accept-language']);
  const chunks = await firstLoadChunks(webDist, template);
  const signedIn = (request.headers.cookie ?? '').includes(sessionCookie);
  const preloads = [
    chunks.texts.get(language),
    ...(signedIn ? [chunks.shell, chunks.shellTexts.get(language)] : []),
  ].filter((file): file is string => Boolean(file));
  const head = preloads.map((file) => `  <link rel="modulepreload" crossorigin href="/${file}">\n`);
  // The account travels with the page, so it is this visitor's alone: no shared cache may keep it.
  // Without a session cookie the answer is known without asking: no one is signed in. Written into
  // the page, it spares the app a request that could only answer 401, which the browser's console
  // would report as an error on every page a signed-out visitor opens.
  const me = signedIn ? await meForPage(request, reply) : 'null';
  if (me !== undefined) head.push(dataBlock(ME_BLOCK_ID, me));
  // When this page was asked for (the header every answer carries): the app's event stream opens
  // after its first paint and asks for the changes from then on, which its reads may have missed.
  const position = reply.getHeader(EVENT_POSITION_HEADER);
  if (typeof position === 'string') head.push(dataBlock(EVENT_POSITION_BLOCK_ID, position));
  if (head.length > 0) html = html.replace('</head>', `${head.join('')}  </head>`);
  return reply
    .header('cache-control', signedIn && me !== undefined ? 'private, no-cache' : 'no-cache')
    .header('content-security-policy', appContentSecurityPolicy(nonce))
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The customer portal (`/my`, `/my/*`): a page of its own (apps/web/portal.html), without the panel's
 * code. It gets the same fresh nonce per answer and policy as the panel's page, and its texts' chunk
 * for the browser's likely language starts downloading with its script. It carries no account: the
 * portal asks `/api/portal/me`, whose cookie (path /api/portal) this answer never sees.
 */
async function sendPortal(webDist: string, request: FastifyRequest, reply: FastifyReply) {
  const template = await readFile(path.join(webDist, PORTAL_PAGE), 'utf8');
  const nonce = newNonce();
  let html = template.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  const texts = (await portalTextChunks(webDist, template)).get(
    likelyLanguage(request.headers['accept-language']),
  );
  if (texts)
    html = html.replace('</head>', `  <link rel="modulepreload" crossorigin href="/${texts}">\n  </head>`);
  return reply
    .header('cache-control', 'no-cache')
    .header('content-security-policy', appContentSecurityPolicy(nonce))
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The built web app: hashed `/assets/*` never change under their name, so browsers keep them a year;
 * the page and the app's own paths are asked again every time (`no-cache`), so a new build shows at
 * once. Assets are sent as the `.br`/`.gz` copies the build wrote beside them when the browser
 * accepts one.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  /** The panel's session cookie's name: a visitor with one is likely signed in. */
  sessionCookie: string,
): Promise<void> {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // Looked up per request (wildcard), so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      decorateReply: false,
      setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=31536000, immutable'),
    });
    // Root-level files (favicon) keep their names across builds, so they are revalidated. Only
    // these get routes: a glob over the whole folder would also shadow `/assets/*` above.
    await app.register(fastifyStatic, { root: webDist, serve: false });
    const rootFiles = readdirSync(webDist, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'index.html' && entry.name !== PORTAL_PAGE)
      .map((entry) => entry.name);
    for (const name of rootFiles) {
      app.get(`/${name}`, { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile(name, { cacheControl: false }),
      );
    }
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      sendIndex(webDist, sessionCookie, request, reply),
    );
    if (existsSync(path.join(webDist, PORTAL_PAGE))) {
      for (const url of ['/my', '/my/*']) {
        app.get(url, { schema: { hide: true } }, (request, reply) => sendPortal(webDist, request, reply));
      }
    }
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A missing asset (an old build's chunk) must fail as a 404, not load the page as a script; so
    // must a file a card server asks under /agent/ (install.sh would run the page as a script).
    const notPage = ['/api/', '/assets/', '/agent/'].some((prefix) => request.url.startsWith(prefix));
    if (notPage || request.method !== 'GET') {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: errorMessages.NOT_FOUND } });
    }
    if (!hasWeb)
      return reply.type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
    // The single-page app owns every other path (its router sends unknown ones to /404).
    return sendIndex(webDist, sessionCookie, request, reply);
  });
}
