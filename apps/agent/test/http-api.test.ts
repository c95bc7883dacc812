import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN, AGENT_DIR, readText, request } from './agent-harness';
import { cccamAgentFixture } from './cccam-agent-fixture';

const HAND_WRITTEN = '# hand\nF: handuser handpass 1 0 0\n';
const VERSION = (
  JSON.parse(readFileSync(path.join(AGENT_DIR, 'package.json'), 'utf8')) as { version: string }
).version;

describe('HTTP API: auth, routing and validation', () => {
  const suite = cccamAgentFixture('api', HAND_WRITTEN);

  it('serves /health without auth', async () => {
    const res = await suite.agent.call('GET', '/health', undefined, null);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', message: 'OK' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('reports version and backend on GET /', async () => {
    const res = await suite.agent.call('GET', '/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      version: VERSION,
      agent_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      backend: 'cccam',
      capabilities: ['restrictions', 'entry-extra', 'packages'],
      defaults: { cccam: { uphops: 1, shareEmus: 0, allowEmm: 0, lineSuffix: '{ 0:0:2 }' } },
      message: 'Linedesk agent is running',
    });
  });

  // Each case from its own source address: 10 failures from one address within a minute get 429.
  it.each([
    ['a wrong password', { username: ADMIN.username, password: 'wrong' }, '127.0.0.2'],
    ['a wrong username', { username: 'someone', password: ADMIN.password }, '127.0.0.3'],
    ['a password prefix', { username: ADMIN.username, password: ADMIN.password.slice(0, -1) }, '127.0.0.4'],
    ['no credentials', null, '127.0.0.5'],
  ])('refuses %s with 401 and a Basic challenge', async (_label, credentials, source) => {
    for (const [method, pathname] of [
      ['GET', '/'],
      ['GET', '/users'],
      ['POST', '/add-user'],
      ['PUT', '/edit-user'],
      ['DELETE', '/delete-user'],
    ] as const) {
      const res = await request(
        `${suite.agent.baseUrl}${pathname}`,
        method,
        { username: 'x', password: 'y', expiryDate: '01-01-2099' },
        credentials,
        {},
        source,
      );
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized' });
      expect(res.headers['www-authenticate']).toBe('Basic realm="linedesk-agent"');
    }
    expect(await readText(suite.cfg)).toBe(HAND_WRITTEN);
  });

  it('refuses a malformed Authorization header', async () => {
    const res = await request(
      `${suite.agent.baseUrl}/`,
      'GET',
      undefined,
      null,
      { authorization: 'Bearer abc' },
      '127.0.0.6',
    );
    expect(res.status).toBe(401);
  });

  it('answers JSON 404 for unknown paths and 405 for wrong methods', async () => {
    const missing = await suite.agent.call('GET', '/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Not found' });
    const wrong = await suite.agent.call('GET', '/add-user');
    expect(wrong.status).toBe(405);
    expect(wrong.body).toEqual({ message: 'Method not allowed' });
    expect(wrong.headers.allow).toBe('POST');
  });

  it.each([
    ['POST', '/add-user', {}, 'Username and password are required'],
    ['POST', '/add-user', { username: 'u1' }, 'Username and password are required'],
    ['POST', '/add-user', { password: 'p1', expiryDate: '01-01-2099' }, 'Username and password are required'],
    ['POST', '/add-user', { username: 'u1', password: 'p1' }, 'Expiry date is required'],
    ...['2099-01-01', '31/12/2099', '31-02-2099', '1-1-2099', '00-01-2099', '01-13-2099', '01-01-2199'].map(
      (expiryDate) =>
        [
          'POST',
          '/add-user',
          { username: 'u1', password: 'p1', expiryDate },
          'Invalid expiry date format. Expected DD-MM-YYYY format.',
        ] as const,
    ),
    [
      'POST',
      '/add-user',
      { username: 'u1', password: 'p1', expiryDate: 20990101 },
      'Invalid expiry date format. Expected DD-MM-YYYY format.',
    ],
    ['PUT', '/edit-user', {}, 'Username is required'],
    ['PUT', '/edit-user', { newPassword: 'x' }, 'Username is required'],
    [
      'PUT',
      '/edit-user',
      { username: 'u1' },
      'At least one field to update (password or expiry date) is required',
    ],
    [
      'PUT',
      '/edit-user',
      { username: 'u1', newPassword: '', newExpiryDate: null },
      'At least one field to update (password or expiry date) is required',
    ],
    [
      'PUT',
      '/edit-user',
      { username: 'u1', newExpiryDate: '2099-01-01' },
      'Invalid expiry date format. Expected DD-MM-YYYY format.',
    ],
    ['PUT', '/edit-user', { username: 'u1', enabled: 'yes' }, 'enabled must be true or false'],
    ['DELETE', '/delete-user', {}, 'Username is required'],
  ] as const)('%s %s %j → 400 %s', async (method, pathname, body, message) => {
    const res = await suite.agent.call(method, pathname, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  const injections = [
    'al ice',
    'tab\there',
    'evil\nF: evil evil 9 1 1',
    'a{b',
    'a}b',
    '#comment',
    '[account]',
    'x]',
    'user=root',
    'ünïcode',
    'x'.repeat(65),
  ];

  it.each(injections)('refuses username %j that could inject config syntax', async (username) => {
    const add = await suite.agent.addUser(username, 'pw', '01-01-2099');
    expect(add.status).toBe(400);
    expect(add.body.message).toMatch(/^Username (must|may)/);
    const edit = await suite.agent.call('PUT', '/edit-user', { username, newPassword: 'pw' });
    expect(edit.status).toBe(400);
    const del = await suite.agent.call('DELETE', '/delete-user', { username });
    expect(del.status).toBe(400);
    expect(await readText(suite.cfg)).toBe(HAND_WRITTEN);
  });

  it.each(injections)('refuses password %j that could inject config syntax', async (password) => {
    const add = await suite.agent.addUser('u2', password, '01-01-2099');
    expect(add.status).toBe(400);
    expect(add.body.message).toMatch(/^Password (must|may)/);
    const edit = await suite.agent.call('PUT', '/edit-user', { username: 'u2', newPassword: password });
    expect(edit.status).toBe(400);
    expect(await readText(suite.cfg)).toBe(HAND_WRITTEN);
  });

  it('gives the exact reasons for refused credentials', async () => {
    const cases: [string, string][] = [
      ['al ice', 'Username may only contain printable ASCII characters, without spaces or line breaks'],
      ['a{b', 'Username must not contain any of these characters: { } [ ] # ='],
      ['x'.repeat(65), 'Username must be at most 64 characters'],
      // This agent serves CCcam, whose login carries 20 bytes of user name.
      ['x'.repeat(21), 'Username must be at most 20 characters on a CCcam server (CCcam sends only 20)'],
    ];
    for (const [username, message] of cases) {
      const res = await suite.agent.call('POST', '/add-user', {
        username,
        password: 'pw',
        expiryDate: '01-01-2099',
      });
      expect(res.body).toEqual({ message });
    }
    const ok = await suite.agent.call('POST', '/add-user', {
      username: 'x'.repeat(20),
      password: 'P@ss.w0rd!~$%^&*()_+-:;,<>?/|',
      expiryDate: '01-01-2099',
    });
    expect(ok.status).toBe(200);
    await suite.agent.call('DELETE', '/delete-user', { username: 'x'.repeat(20) });
  });

  it('limits the body size with 413', async () => {
    const huge = JSON.stringify({
      username: 'u3',
      password: 'p'.repeat(70 * 1024),
      expiryDate: '01-01-2099',
    });
    const res = await suite.agent.call('POST', '/add-user', huge);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is larger than 65536 bytes' });
    // The agent is still serving afterwards.
    expect((await suite.agent.call('GET', '/health', undefined, null)).status).toBe(200);
  });

  it('refuses bodies that are not a JSON object', async () => {
    const broken = await suite.agent.call('POST', '/add-user', '{"username": ');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ message: 'Invalid JSON body' });
    const array = await suite.agent.call('POST', '/add-user', '[1,2]');
    expect(array.status).toBe(400);
    expect(array.body).toEqual({ message: 'Request body must be a JSON object' });
  });

  it('refuses a JSON body sent as text/plain or without a content type with 415', async () => {
    const body = JSON.stringify({ username: 'typed', password: 'p', expiryDate: '01-01-2099' });
    const send = (contentType: string | null) =>
      request(`${suite.agent.baseUrl}/add-user`, 'POST', body, ADMIN, {}, undefined, contentType);
    for (const contentType of ['text/plain', null]) {
      const refused = await send(contentType);
      expect(refused.status, String(contentType)).toBe(415);
      expect(refused.body).toEqual({ message: 'Request body must be sent as application/json' });
    }
    expect(await readText(suite.cfg)).not.toContain('typed');
    const accepted = await send('application/json; charset=utf-8');
    expect(accepted.status, accepted.raw).toBe(200);
    expect(await readText(suite.cfg)).toContain('F: typed p');
    await suite.agent.call('DELETE', '/delete-user', { username: 'typed' });
  });

  it('lists managed users for reconciliation, in DD-MM-YYYY', async () => {
    await suite.agent.addUser('list1', 'pw', '05-06-2099');
    const res = await suite.agent.call('GET', '/users');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      users: [{ username: 'list1', expiryDate: '05-06-2099', enabled: true }],
      message: '1 managed user',
    });
  });
});
