import type { FastifyInstance } from 'fastify';

/**
 * The web app's policy: only our own scripts, nothing inline or eval'd. Emotion (MUI) injects
 * `<style>` tags at run time, so styles are allowed by this answer's nonce, which the page hands to
 * emotion's cache. `data:` images and fonts cover what Vite inlines as data URLs.
 */
export function appContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Swagger UI's page loads only its own files too, but it sets inline style attributes and shows
 * `data:` images, so its pages get their own, looser style rule.
 */
const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** An API answer is data, never a page: nothing may load or frame it. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers every answer carries. API answers are per user and change with every write, so neither
 * the browser nor a proxy may keep them (unless a route chose its own cache rule).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('x-frame-options', 'DENY');
    void reply.header('referrer-policy', 'same-origin');
    if (!request.url.startsWith('/api/')) return;
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    if (!reply.hasHeader('content-security-policy')) {
      const docs = request.url === '/api/docs' || request.url.startsWith('/api/docs/');
      void reply.header('content-security-policy', docs ? DOCS_POLICY : API_POLICY);
    }
  });
}
