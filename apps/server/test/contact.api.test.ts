import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('contact', () => {
  let server: TestServer;
  let admin: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    user = await server.signUpConfirmed('contact-user@example.com');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows empty contact details until an admin sets them; only admins change them', async () => {
    expect((await server.client().get('/api/contact')).status).toBe(401);
    expect((await user.get('/api/contact')).body).toEqual({
      email: '',
      telegram: '',
      whatsapp: '',
      hours: '',
      note: '',
    });
    const details = {
      email: 'support@example.com',
      telegram: '@linedesk_support',
      whatsapp: '+49 170 1234567',
      hours: 'Mon–Fri 9:00–18:00',
      note: 'Urgent? Use Telegram.',
    };
    const refused = await user.put('/api/contact', details);
    expect(refused.status).toBe(403);
    const saved = await admin.put('/api/contact', details);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(details);
    expect((await user.get('/api/contact')).body).toEqual(details);

    const badMail = await admin.put('/api/contact', { ...details, email: 'not-an-address' });
    expect(badMail.status).toBe(422);
    const cleared = await admin.put('/api/contact', { email: '', telegram: '@only' });
    expect(cleared.body).toEqual({ email: '', telegram: '@only', whatsapp: '', hours: '', note: '' });
  });

  it('opens a ticket for the caller from the Quick Contact form, seen by the caller and admins', async () => {
    expect((await server.client().post('/api/contact/message', { subject: 's', message: 'm' })).status).toBe(
      401,
    );
    const res = await user.post('/api/contact/message', {
      subject: 'Question about prices',
      message: 'How much is a 12-month line?',
      category: 'billing',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Question about prices',
      description: 'How much is a 12-month line?',
      category: 'billing',
      status: 'open',
      is_read: false,
      user_email: 'contact-user@example.com',
    });
    const mine = await user.get('/api/tickets');
    expect(mine.body.items.map((t: { id: number }) => t.id)).toEqual([res.body.id]);
    const all = await admin.get('/api/tickets');
    expect(all.body.items.map((t: { id: number }) => t.id)).toContain(res.body.id);
    const defaults = await user.post('/api/contact/message', { subject: 'Hi', message: 'Hello' });
    expect(defaults.body).toMatchObject({ category: 'general', priority: 'medium' });
    expect((await user.post('/api/contact/message', { subject: '', message: 'x' })).status).toBe(422);
  });
});
