import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const ADMIN_TEXT =
  'You do not have permission to access this page. This page is only accessible to administrators.';

describe('knowledge base', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;

  const category = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/kb/categories', { name, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; sort_order: number };
  };
  const article = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/kb/articles', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; sort_order: number; published: boolean };
  };
  const titles = (res: { body: { items: { title: string }[] } }) => res.body.items.map((a) => a.title);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    user = await server.signUpConfirmed('reader@example.com');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is for signed-in accounts only; only admins write', async () => {
    expect((await server.client().get('/api/kb/articles')).status).toBe(401);
    expect((await server.client().get('/api/kb/categories')).status).toBe(401);
    const res = await user.post('/api/kb/categories', { name: 'Mine' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(ADMIN_TEXT);
    const cat = await category('Getting started');
    expect((await user.post('/api/kb/articles', { title: 'x', body: 'y', category_id: cat.id })).status).toBe(
      403,
    );
    expect((await user.put('/api/kb/articles/order', { ids: [1] })).status).toBe(403);
  });

  it('hides unpublished articles from users until they are published', async () => {
    const cat = await category('Billing');
    const draft = await article({ title: 'Draft: refunds', body: 'Not ready', category_id: cat.id });
    expect(draft.published).toBe(false);

    expect(titles(await admin.get(`/api/kb/articles?category_id=${cat.id}`))).toEqual(['Draft: refunds']);
    expect(titles(await user.get(`/api/kb/articles?category_id=${cat.id}`))).toEqual([]);
    const hidden = await user.get(`/api/kb/articles/${draft.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toEqual({ code: 'KB_ARTICLE_NOT_FOUND', message: 'Article not found' });
    expect((await admin.get(`/api/kb/articles/${draft.id}`)).status).toBe(200);
    const forUser = (await user.get('/api/kb/categories')).body.find((c: { id: number }) => c.id === cat.id);
    expect(forUser.article_count).toBe(0);
    const forAdmin = (await admin.get('/api/kb/categories')).body.find(
      (c: { id: number }) => c.id === cat.id,
    );
    expect(forAdmin.article_count).toBe(1);

    const published = await admin.patch(`/api/kb/articles/${draft.id}`, {
      published: true,
      title: 'Refunds',
    });
    expect(published.body).toMatchObject({ published: true, title: 'Refunds', category_name: 'Billing' });
    expect(titles(await user.get(`/api/kb/articles?category_id=${cat.id}`))).toEqual(['Refunds']);
    expect((await user.get(`/api/kb/articles/${draft.id}`)).body.body).toBe('Not ready');

    await admin.patch(`/api/kb/articles/${draft.id}`, { published: false });
    expect((await user.get(`/api/kb/articles/${draft.id}`)).status).toBe(404);
  });

  it('searches titles and Markdown text, and stores the Markdown exactly as written', async () => {
    const cat = await category('Setup');
    const markdown = '# Install\n\nRun `oscam` and <script>alert(1)</script> **bold**';
    const stored = await article({
      title: 'Receiver setup',
      body: markdown,
      category_id: cat.id,
      published: true,
    });
    await article({ title: 'Another topic', body: 'nothing here', category_id: cat.id, published: true });
    expect((await user.get(`/api/kb/articles/${stored.id}`)).body.body).toBe(markdown);
    expect(titles(await user.get('/api/kb/articles?search=OSCAM'))).toEqual(['Receiver setup']);
    expect(titles(await user.get('/api/kb/articles?search=receiver'))).toEqual(['Receiver setup']);
    expect(titles(await user.get('/api/kb/articles?search=100%25'))).toEqual([]);
  });

  it('orders articles inside a category and categories among themselves', async () => {
    const cat = await category('Ordering');
    const a = await article({ title: 'A', body: '', category_id: cat.id, published: true });
    const b = await article({ title: 'B', body: '', category_id: cat.id, published: true });
    const c = await article({ title: 'C', body: '', category_id: cat.id, published: true });
    expect([a.sort_order, b.sort_order, c.sort_order]).toEqual([0, 1, 2]);
    expect(titles(await user.get(`/api/kb/articles?category_id=${cat.id}`))).toEqual(['A', 'B', 'C']);

    expect((await admin.put('/api/kb/articles/order', { ids: [c.id, a.id, b.id] })).status).toBe(204);
    expect(titles(await user.get(`/api/kb/articles?category_id=${cat.id}`))).toEqual(['C', 'A', 'B']);
    await admin.patch(`/api/kb/articles/${b.id}`, { sort_order: -1 });
    expect(titles(await user.get(`/api/kb/articles?category_id=${cat.id}`))).toEqual(['B', 'C', 'A']);
    const missing = await admin.put('/api/kb/articles/order', { ids: [a.id, 999_999] });
    expect(missing.status).toBe(404);

    const first = await category('Comes first', { sort_order: -10 });
    const names = (await user.get('/api/kb/categories')).body.map((x: { name: string }) => x.name);
    expect(names[0]).toBe('Comes first');
    await admin.patch(`/api/kb/categories/${first.id}`, { sort_order: 1000 });
    const after = (await user.get('/api/kb/categories')).body.map((x: { name: string }) => x.name);
    expect(after.at(-1)).toBe('Comes first');
  });

  it('keeps category names unique and refuses to delete a category that still has articles', async () => {
    const cat = await category('Accounts');
    const dup = await admin.post('/api/kb/categories', { name: 'accounts' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('A category with this name already exists');
    const art = await article({ title: 'Password reset', body: '', category_id: cat.id });
    const refused = await admin.delete(`/api/kb/categories/${cat.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Cannot delete a category that still has articles');
    expect((await admin.delete(`/api/kb/articles/${art.id}`)).status).toBe(204);
    expect((await admin.get(`/api/kb/articles/${art.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/kb/categories/${cat.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/kb/categories/${cat.id}`)).status).toBe(404);
    const orphan = await admin.post('/api/kb/articles', { title: 'x', body: '', category_id: cat.id });
    expect(orphan.status).toBe(404);
    expect(orphan.body.error.message).toBe('Category not found');
  });
});
