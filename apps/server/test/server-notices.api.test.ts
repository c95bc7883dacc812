// A server that stops answering: the admins' notice (in the panel and by mail) says what went wrong
// as a sentence in their language, and keeps the agent's raw words apart, as details.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer } from './support/line-fixtures.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server.js';
import type { TestClient } from './support/test-client.js';
import { ADMIN, startTestServer, type TestServer } from './support/test-server.js';

let smtp: TestSmtpServer;
let server: TestServer;
let agent: TestAgent;
let admin: TestClient;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, agent] = await Promise.all([
    startTestServer({ SMTP_URL: smtp.url, SERVER_CHECK_INTERVAL_SECONDS: '0' }),
    startLineAgent(),
  ]);
  admin = await server.admin();
});
afterAll(async () => {
  await server?.close();
  // Already gone after the test; cleaning up again only finds nothing left.
  await agent?.cleanup().catch(() => undefined);
  await smtp?.stop();
});

type Item = { title: string; content: string };
const notices = async () =>
  ((await admin.get('/api/messages?page_size=100')).body.items as Item[]).filter((item) =>
    item.title.includes('Refusing'),
  );

describe('a server down notice', () => {
  it('names the refused connection in words, the raw error only as details, in English and German', async () => {
    expect((await admin.put('/api/me/language', { language: 'en' })).status).toBe(200);
    const added = await addAgentServer(admin, agent, 'Refusing');
    // Gone, its port closed: the connection is refused.
    await agent.cleanup();
    const tested = await admin.post(`/api/servers/${added.id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body.status).toBe('error');

    const [english] = await notices();
    expect(english!.title).toBe('Server down: Refusing');
    expect(english!.content).toContain(
      'The server refused the connection: its agent is not running, or listens on another port.',
    );
    const [sentence, details] = english!.content.split('\n\n');
    expect(sentence).not.toMatch(/ECONNREFUSED|Failed to connect/);
    expect(details).toMatch(/^Technical details: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);

    const mail = await smtp.mailTo(ADMIN.email, (m) => m.subject.includes('Refusing'));
    expect(mail.text).toContain('The server refused the connection');
    expect(mail.text).toMatch(/Technical details: connect ECONNREFUSED/);

    expect((await admin.put('/api/me/language', { language: 'de' })).status).toBe(200);
    const [german] = await notices();
    expect(german!.title).toBe('Server nicht erreichbar: Refusing');
    expect(german!.content).toContain('Der Server hat die Verbindung abgelehnt');
    expect(german!.content).toMatch(/Technische Details: connect ECONNREFUSED/);
    expect((await admin.put('/api/me/language', { language: 'en' })).status).toBe(200);
  });
});
