import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// A page reads its data, paints, and only then opens its event stream: a change made in between
// used to reach nobody, and the page stayed stale until the next change or a reload. Every answer now
// says when its request arrived (x-event-position), and a stream opened with that as `since` first
// sends the changes it saw from then on.
describe('the event stream opened after the page read its data', () => {
  let server: TestServer;
  let admin: TestClient;
  let alice: TestClient;
  let bob: TestClient;

  /** A message to one account: a change only that account (and the admins) may see. */
  const message = async (to: string, title: string) => {
    const res = await admin.post('/api/messages', { title, content: 'Hello', recipient_email: to });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return String(res.body.id);
  };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.admin();
    [alice, bob] = await Promise.all([
      server.signUpConfirmed('alice@example.com'),
      server.signUpConfirmed('bob@example.com'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every answer says when its request arrived, on the server’s clock', async () => {
    const before = Date.now();
    const answers = [
      await alice.get('/api/messages'),
      await alice.get('/api/no-such-thing'),
      await server.client().get('/api/me'),
    ];
    for (const answer of answers) {
      const position = Number(answer.headers.get('x-event-position'));
      expect(position).toBeGreaterThanOrEqual(before);
      expect(position).toBeLessThanOrEqual(Date.now());
    }
  });

  it('brings a change made between the read and the stream’s opening, for its recipient only, then the live ones', async () => {
    // Alice's page reads her messages; then, before her stream opens, one comes for her and one for Bob.
    const read = await alice.get('/api/messages');
    const since = Number(read.headers.get('x-event-position'));
    const forAlice = await message('alice@example.com', 'Between the read and the stream');
    const forBob = await message('bob@example.com', 'Not for Alice');

    const [late, unasked, bobs] = await Promise.all([
      openEventStream(server, alice, { since }),
      openEventStream(server, alice),
      openEventStream(server, bob, { since }),
    ]);
    try {
      // The change in between comes first, before any made from now on.
      const missed = await late.next('messages', (e) => e.data.id === forAlice);
      expect(missed?.data.action).toBe('insert');
      const live = await message('alice@example.com', 'Live');
      expect(await late.next('messages', (e) => e.data.id === live)).not.toBeNull();
      expect(late.events.map((e) => e.data.id)).toEqual([forAlice, live]);

      // Opened without `since`, a stream starts from its opening: the change in between never came.
      expect(await unasked.next('messages', (e) => e.data.id === live)).not.toBeNull();
      expect(unasked.about('messages', forAlice)).toEqual([]);

      // What a stream brings from before its opening is only what its reader may see.
      expect(await bobs.next('messages', (e) => e.data.id === forBob)).not.toBeNull();
      const marker = await message('bob@example.com', 'Marker');
      expect(await bobs.next('messages', (e) => e.data.id === marker)).not.toBeNull();
      expect(bobs.events.map((e) => e.data.id)).toEqual([forBob, marker]);
    } finally {
      for (const stream of [late, unasked, bobs]) stream.close();
    }
  });

  it('a stream asked for changes from before this server started says to read everything again', async () => {
    // A page served before a restart (or so long ago that the changes since are no longer held).
    const stream = await openEventStream(server, alice, { since: 0 });
    try {
      expect(await stream.next('resync')).not.toBeNull();
      // And then carries on as any stream does.
      const live = await message('alice@example.com', 'After the resync');
      expect(await stream.next('messages', (e) => e.data.id === live)).not.toBeNull();
      expect(stream.events.map((e) => e.event)).toEqual(['resync', 'messages']);
    } finally {
      stream.close();
    }
  });

  it('refuses a `since` that is not a position, naming it, and asks who is calling first', async () => {
    const refused = await alice.get('/api/events?since=yesterday');
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('VALIDATION');
    expect(JSON.stringify(refused.body.error)).toContain('since');
    expect((await server.client().get('/api/events?since=1')).status).toBe(401);
  });
});
