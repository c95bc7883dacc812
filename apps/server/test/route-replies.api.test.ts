import { afterAll, beforeAll, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => server?.close());

it('answers an event stream and a CSV download once, without a second answer logged as an error', async () => {
  const stream = await openEventStream(server, admin);
  const csv = await admin.get('/api/lines/export.csv');
  expect(csv.status).toBe(200);
  stream.close();
  // A request after both: what their handlers set off has run by its answer.
  expect((await admin.get('/api/me')).status).toBe(200);
  expect(server.logs.filter((line) => line.includes('Reply was already sent'))).toEqual([]);
});
