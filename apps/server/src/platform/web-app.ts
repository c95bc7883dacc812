import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@linedesk/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

async function sendIndex(webDist: string, reply: FastifyReply) {
  // Read per answer so a rebuilt web app is served without a restart; it is a 2 KB file.
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  const nonce = newNonce();
  return reply
    .header('cache-control', 'no-cache')
    .header('content-security-policy', appContentSecurityPolicy(nonce))
    .type('text/html; charset=utf-8')
    .send(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
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
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(webDist, reply));
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
    return sendIndex(webDist, reply);
  });
}
