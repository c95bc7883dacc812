// Panel messages stored as English text before the codes (migration 0047): at the next start the
// ones whose text the panel wrote get their code and values back, and read in the reader's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { copyTemplateDatabase, type DatabaseCopy } from './support/database-copy.js';

let store: DatabaseCopy;
let server: TestServer | undefined;
const EMAIL = 'old-notices@example.com';
const PASSWORD = 'user-password-1';

/** A server over the one store this file keeps (a data folder, or its own PostgreSQL database). */
function start() {
  return startTestServer(store.env, { dataDir: store.dataDir });
}

async function signIn(on: TestServer) {
  const client = on.client();
  const res = await client.post('/api/auth/sign-in', { email: EMAIL, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

beforeAll(async () => {
  store = await copyTemplateDatabase('ld_legacy_messages');
});

afterAll(async () => {
  await server?.close();
  await store?.drop();
});

describe('panel messages stored as English text before the codes', () => {
  it('read in German after a language switch when the panel wrote them; other texts stay as stored', async () => {
    server = await start();
    const admin = await server.admin();
    const created = await admin.post('/api/accounts', { email: EMAIL, password: PASSWORD });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const recipientId = created.body.account.id as string;
    // Rows as the panel wrote them before the codes: a finished English text, no code.
    await server.built.ctx.db.insert(messages).values([
      {
        recipientId,
        title: 'Server down: Main CCcam',
        content:
          "The server Main CCcam does not answer the panel's check (Failed to connect to server: connect ECONNREFUSED 10.0.0.5:8000). Its lines cannot be changed until it is back.",
      },
      {
        recipientId,
        title: '2 lines expire soon',
        content:
          'These lines expire within 3 days. Renew them to keep your customers connected.\n- anna-1: 28-11-2026\n- bruno-2: 29-11-2026',
      },
      {
        recipientId,
        title: 'Balance below 50 credits',
        content:
          'Your balance is now 12 credits, below the 50 credits you chose to be told about. Top up to keep selling lines.',
      },
      // Not a text the panel wrote: it stays as it is.
      { recipientId, title: 'Server down: soon back', content: 'We are on it.' },
    ]);
    await server.close();
    server = undefined;

    server = await start();
    const reader = await signIn(server);
    expect((await reader.put('/api/me/language', { language: 'de' })).status).toBe(200);
    const list = await reader.get('/api/messages?page_size=100');
    expect(list.status).toBe(200);
    const byTitle = new Map(
      (list.body.items as { title: string; content: string }[]).map((item) => [item.title, item.content]),
    );
    // The old notice's raw agent error reads as a sentence now, the raw words as details.
    const down = byTitle.get('Server nicht erreichbar: Main CCcam');
    expect(down).toContain('Der Server Main CCcam antwortet nicht auf die Prüfung des Panels.');
    expect(down).toContain('Der Server hat die Verbindung abgelehnt');
    expect(down).toContain('Technische Details: connect ECONNREFUSED 10.0.0.5:8000');
    const digest = byTitle.get('2 Zugänge laufen bald ab');
    expect(digest).toContain('Diese Zugänge laufen innerhalb von 3 Tagen ab.');
    expect(digest).toContain('- anna-1: 28-11-2026\n- bruno-2: 29-11-2026');
    expect(byTitle.get('Guthaben unter 50 Credits')).toContain('Ihr Guthaben beträgt jetzt 12 Credits');
    expect(byTitle.get('Server down: soon back')).toBe('We are on it.');
    expect(byTitle.has('Server down: Main CCcam')).toBe(false);

    // The bell reads the same, and in English again after switching back.
    const bell = await reader.get('/api/messages/unread?limit=10');
    expect((bell.body.items as { title: string }[]).map((item) => item.title)).toContain(
      'Guthaben unter 50 Credits',
    );
    expect((await reader.put('/api/me/language', { language: 'en' })).status).toBe(200);
    const english = await reader.get('/api/messages?page_size=100');
    expect((english.body.items as { title: string }[]).map((item) => item.title)).toContain(
      'Balance below 50 credits',
    );
  });
});
