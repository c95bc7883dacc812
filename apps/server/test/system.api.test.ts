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

  it('shows an example for every endpoint: parameters, body, answer and refusals', async () => {
    type Media = { example?: unknown; examples?: Record<string, unknown> };
    type Operation = {
      parameters?: { in: string; name: string; example?: unknown }[];
      requestBody?: { content: Record<string, Media> };
      responses: Record<string, { content?: Record<string, Media> }>;
    };
    const doc = (await server.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const hasExample = (content: Record<string, Media> | undefined) =>
      Object.values(content ?? {}).some((m) => m.example !== undefined || m.examples !== undefined);
    const missing: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations += 1;
        const name = `${method.toUpperCase()} ${path}`;
        for (const p of op.parameters ?? []) {
          if (p.in === 'path' && p.example === undefined) missing.push(`${name}: path parameter ${p.name}`);
        }
        if (op.requestBody && !hasExample(op.requestBody.content)) missing.push(`${name}: body`);
        const success = Object.keys(op.responses).find((status) => status.startsWith('2'));
        const answer = success ? op.responses[success] : undefined;
        if (success !== '204' && !hasExample(answer?.content)) missing.push(`${name}: answer`);
      }
    }
    expect(missing).toEqual([]);
    expect(operations).toBeGreaterThan(100);

    const create = doc.paths['/api/lines']!.post!;
    expect(create.requestBody!.content['application/json']!.example).toMatchObject({
      subscription_months: 3,
    });
    // A line costs credits: the 402 shows every way a purchase is refused for money.
    expect(create.responses['402']!.content!['application/json']!.examples).toEqual({
      BALANCE_NEGATIVE: {
        value: {
          error: {
            code: 'BALANCE_NEGATIVE',
            message: expect.stringContaining('Your balance is negative'),
            details: { params: { balance: expect.any(Number) } },
          },
        },
      },
      CREDIT_LIMIT_EXCEEDED: {
        value: {
          error: {
            code: 'CREDIT_LIMIT_EXCEEDED',
            message: 'Insufficient credits. Required: 4, Available: -48, with a credit limit of 50',
            details: { params: { required: 4, available: -48, limit: 50 } },
          },
        },
      },
      INSUFFICIENT_CREDITS: {
        value: {
          error: {
            code: 'INSUFFICIENT_CREDITS',
            message: 'Insufficient credits. Required: 4, Available: 1',
            details: { params: { required: 4, available: 1 } },
          },
        },
      },
      LINE_TRIAL_MIN_BALANCE: {
        value: {
          error: {
            code: 'LINE_TRIAL_MIN_BALANCE',
            message: 'A trial needs a balance of at least 10 credits; the balance is 3',
            details: { params: { balance: 3, min: 10 } },
          },
        },
      },
    });
  });

  it("shows every example's message filled in, never with a raw {{placeholder}}", async () => {
    const doc = (await server.client().get('/api/openapi.json')).body as { paths: Record<string, unknown> };
    // Every string of every example, refusals included, with where it is.
    const leftovers: string[] = [];
    let messages = 0;
    const walk = (value: unknown, where: string, inExample: boolean): void => {
      if (typeof value === 'string') {
        if (inExample && where.endsWith('.message')) messages += 1;
        if (inExample && value.includes('{{')) leftovers.push(`${where}: ${value}`);
      } else if (Array.isArray(value)) {
        value.forEach((item, i) => walk(item, `${where}[${i}]`, inExample));
      } else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          const example = inExample || key === 'example' || key === 'examples' || key === 'x-examples';
          walk(inner, `${where}.${key}`, example);
        }
      }
    };
    walk(doc.paths, 'paths', false);
    expect(leftovers).toEqual([]);
    expect(messages).toBeGreaterThan(100);
    // A code the route's example gives no values for is filled in all the same.
    const create = doc.paths['/api/lines'] as {
      post: { responses: Record<string, { content: Record<string, { examples: Record<string, unknown> }> }> };
    };
    const negative = create.post.responses['402']!.content['application/json']!.examples.BALANCE_NEGATIVE as {
      value: { error: { message: string; details: { params: { balance: number } } } };
    };
    expect(negative.value.error.message).toMatch(/^Your balance is negative \(-\d+ credits\)/);
    expect(negative.value.error.details.params.balance).toBeLessThan(0);
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
