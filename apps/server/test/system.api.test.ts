import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('system endpoints', () => {
  it('reports health', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'ok' });
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const doc = await server.client().get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/sign-up',
      '/api/auth/sign-in',
      '/api/me',
      '/api/groups',
      '/api/groups/{id}',
    ]) {
      expect(Object.keys(doc.body.paths)).toContain(path);
    }
    const page = await server.client().get('/api/docs/');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<html');
  });

  it('derives the language from a proxy country header', async () => {
    const de = await server.client().get('/api/locale/country', { 'cf-ipcountry': 'AT' });
    expect(de.body).toEqual({ country: 'at', language: 'de' });
    const br = await server.client().get('/api/locale/country', { 'cf-ipcountry': 'BR' });
    expect(br.body.language).toBe('pt');
    const none = await server.client().get('/api/locale/country');
    expect(none.body).toEqual({ country: null, language: null });
    const other = await server.client().get('/api/locale/country', { 'cf-ipcountry': 'FR' });
    expect(other.body).toEqual({ country: 'fr', language: null });
  });

  it('answers unknown API paths with a JSON 404 and tags responses with a request id', async () => {
    const res = await server.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('logs the start-up line', () => {
    expect(server.logs.some((l) => l.includes('Database initialized successfully'))).toBe(true);
  });
});

describe('the web app', () => {
  it('serves index.html for app paths and the assets it references', async () => {
    const { existsSync } = await import('node:fs');
    const path = await import('node:path');
    const dist = path.resolve(import.meta.dirname, '../../web/dist/index.html');
    if (!existsSync(dist)) return; // built by `npm test` before the e2e step; API-only runs may lack it
    for (const page of ['/', '/sign-in', '/users/all']) {
      const res = await server.client().get(page);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
    const html = String((await server.client().get('/')).body);
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const js = await server.client().get(asset!);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
  });
});
