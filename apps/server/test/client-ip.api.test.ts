import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

// The harness trusts only loopback as a proxy, as TRUST_PROXY=127.0.0.1 would behind a local proxy:
// the address our "proxy" appended (the rightmost entry) is the client's, whatever it prepended.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('client address behind a trusted proxy', () => {
  it('counts failed sign-ins against the real address, however the client fills X-Forwarded-For', async () => {
    await server.signUpConfirmed('spoof-victim@example.com', 'user-password-1');
    const real = '203.0.113.91';
    for (let i = 0; i < 10; i += 1) {
      const res = await server
        .client({ ip: real })
        .post(
          '/api/auth/sign-in',
          { email: `spoof-guess${i}@example.com`, password: 'wrong-pass-1' },
          { 'x-forwarded-for': `198.51.100.${i + 1}, ${real}` },
        );
      expect(res.status).toBe(401);
    }
    const blocked = await server
      .client({ ip: real })
      .post(
        '/api/auth/sign-in',
        { email: 'spoof-victim@example.com', password: 'user-password-1' },
        { 'x-forwarded-for': `198.51.100.200, ${real}` },
      );
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('RATE_LIMITED');
  });

  it('records the real address on the session, not the one the client wrote', async () => {
    await server.signUpConfirmed('spoof-session@example.com', 'user-password-1');
    const real = '203.0.113.92';
    const c = server.client({ ip: real });
    const signIn = await c.post(
      '/api/auth/sign-in',
      { email: 'spoof-session@example.com', password: 'user-password-1' },
      { 'x-forwarded-for': `6.6.6.6, ${real}` },
    );
    expect(signIn.status).toBe(200);
    const sessions = await c.get('/api/auth/sessions');
    const current = sessions.body.items.find((s: { current: boolean }) => s.current);
    expect(current.ip_address).toBe(real);
  });
});
