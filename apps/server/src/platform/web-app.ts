import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { errorMessages, isLanguage, type Language } from '@linedesk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSP_NONCE_PLACEHOLDER, appContentSecurityPolicy } from './security-headers.js';

/**
 * Compresses what is not precompressed at build time: JSON answers, the OpenAPI document, the page
 * itself. Level 4 brotli costs about what gzip does; the big static files get level 11 at build
 * time. `/api/events` hijacks its reply, so the event stream is never buffered by a compressor.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
}

/** A nonce per answer: the page's only way to let emotion's `<style>` tags through the policy. */
function newNonce() {
  return randomBytes(16).toString('base64');
}

type LocaleChunks = { html: string; chunks: Map<Language, string> };
let localeChunksCache: LocaleChunks | null = null;

/** Each language's text chunk, from the build's manifest (read again when the page changes). */
async function localeChunks(webDist: string, html: string): Promise<Map<Language, string>> {
  if (localeChunksCache?.html === html) return localeChunksCache.chunks;
  const chunks = new Map<Language, string>();
  try {
    const manifest = JSON.parse(await readFile(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    // vite.config.ts names them `locale-<language>`.
    for (const entry of Object.values(manifest)) {
      const language = /^assets\/locale-(\w+)-[\w-]+\.js$/.exec(entry.file)?.[1];
      if (isLanguage(language)) chunks.set(language, entry.file);
    }
  } catch {
    // A build without a manifest only loses the early start of the texts' download.
  }
  localeChunksCache = { html, chunks };
  return chunks;
}

/** The browser's first supported language; the app itself prefers a stored choice (rarely different). */
function likelyLanguage(acceptLanguage: string | undefined): Language {
  for (const tag of (acceptLanguage ?? '').split(',')) {
    const primary = tag.split(';')[0]?.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

async function sendIndex(webDist: string, request: FastifyRequest, reply: FastifyReply) {
  // Read per answer so a rebuilt web app is served without a restart; it is a 2 KB file.
  const template = await readFile(path.join(webDist, 'index.html'), 'utf8');
  const nonce = newNonce();
  let html = template.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  // The app asks for its texts only once its code has run; starting that download with the code's
  // saves a round trip before the first render.
  const localeFile = (await localeChunks(webDist, template)).get(
    likelyLanguage(request.headers['accept-language']),
  );
  if (localeFile) {
    html = html.replace(
      '</head>',
      `  <link rel="modulepreload" crossorigin href="/${localeFile}">\n  </head>`,
    );
  }
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
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
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
      .filter((entry) => entry.isFile() && entry.name !== 'index.html')
      .map((entry) => entry.name);
    for (const name of rootFiles) {
      app.get(`/${name}`, { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile(name, { cacheControl: false }),
      );
    }
    app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(webDist, request, reply));
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A missing asset (an old build's chunk) must fail as a 404, not load the page as a script.
    const notPage = request.url.startsWith('/api/') || request.url.startsWith('/assets/');
    if (notPage || request.method !== 'GET') {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: errorMessages.NOT_FOUND } });
    }
    if (!hasWeb)
      return reply.type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
    // The single-page app owns every other path (its router sends unknown ones to /404).
    return sendIndex(webDist, request, reply);
  });
}
