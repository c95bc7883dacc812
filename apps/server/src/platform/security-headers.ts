import helmet from '@fastify/helmet';
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
 * Powerful browser features the panel never uses, off for its pages and anything they embed: a
 * script that got in still cannot reach the camera, the microphone, the location or a payment sheet.
 * Helmet leaves this header to the application.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * Headers every answer carries. The generic ones come from helmet (@fastify/helmet), with its
 * defaults but for: no Content-Security-Policy of its own (ours above, with a fresh nonce per page,
 * set by web-app.ts and below), frames refused outright, referrers kept to our own origin, and
 * Strict-Transport-Security only when the panel is published over https (over plain http it would be
 * ignored at best, and a panel reached by its address on the LAN must stay reachable).
 * API answers are per user and change with every write, so neither the browser nor a proxy may keep
 * them (unless a route chose its own cache rule).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: { publicUrl: string },
): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? undefined : false,
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (!request.url.startsWith('/api/')) return;
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    if (!reply.hasHeader('content-security-policy')) {
      const docs = request.url === '/api/docs' || request.url.startsWith('/api/docs/');
      void reply.header('content-security-policy', docs ? DOCS_POLICY : API_POLICY);
    }
  });
}
