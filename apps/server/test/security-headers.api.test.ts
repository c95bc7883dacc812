import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

let plain: TestServer;
/** The same panel published at an https address (behind a TLS proxy). */
let published: TestServer;

beforeAll(async () => {
  [plain, published] = await Promise.all([
    startTestServer(),
    startTestServer({ PUBLIC_URL: 'https://panel.example.com' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), published?.close()]);
});

/** An API answer, a refusal, an unknown address and the API docs page: every kind of answer. */
const answers = ['/api/health', '/api/me', '/api/no-such-endpoint', '/api/docs/'];

describe('security headers', () => {
  it.each(answers)(
    '%s keeps other sites from opening, framing or sniffing it, and denies powerful features',
    async (path) => {
      const res = await plain.client().get(path);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      const permissions = res.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(permissions).toContain(`${feature}=()`);
      }
      // The panel's own policies stay as they were: helmet adds none of its own.
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-request-id')).toBeTruthy();
    },
  );

  it('tells browsers to come back only over https when the panel is published at an https address', async () => {
    for (const path of answers) {
      const res = await published.client().get(path);
      const hsts = res.headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
    }
    // Over plain http the header would only be ignored, and a LAN address must stay reachable.
    expect((await plain.client().get('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });
});
