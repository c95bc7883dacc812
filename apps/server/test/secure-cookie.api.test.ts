import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://panel.example.test' });
});
afterAll(async () => server?.close());

it('marks the session cookie Secure when the panel is served over https, and checks that origin', async () => {
  const c = server.client();
  c.origin = 'https://panel.example.test';
  const res = await c.post('/api/auth/sign-in', ADMIN);
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((v) => v.includes('linedesk.session_token='));
  expect(cookie).toMatch(/; Secure/i);
  expect(cookie).toMatch(/HttpOnly/i);
  expect((await c.patch('/api/me', { full_name: 'Over TLS' })).status).toBe(200);
  const plain = await c.patch('/api/me', { full_name: 'x' }, { origin: server.url });
  expect(plain.status).toBe(403);
});
