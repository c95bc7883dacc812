import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksCompressed } from './compression-guard.js';
import { registerCompression } from './web-app.js';

// The panel's compression on a bare Fastify app: what a client asking for gzip gets back.
const text = 'a line of plain text\n'.repeat(200);
const checksum = `80${'0f'.repeat(31)}  linedesk-agent.mjs\n`.repeat(40);
const packed = gzipSync(text);

describe('compression of answers that look compressed already', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    const plain = { 'content-type': 'text/plain; charset=utf-8' };
    app.get('/text', (_request, reply) => reply.headers(plain).send(Readable.from([text])));
    app.get('/checksum', (_request, reply) => reply.headers(plain).send(Readable.from([checksum])));
    app.get('/checksum-string', (_request, reply) => reply.headers(plain).send(checksum));
    // A packed file sent as text in small pieces: the first chunks alone are too short to tell.
    const pieces = [packed.subarray(0, 1), packed.subarray(1, 2), packed.subarray(2)];
    app.get('/packed', (_request, reply) => reply.headers(plain).send(Readable.from(pieces)));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ url, headers: { 'accept-encoding': 'gzip' } });

  it('still compresses plain text', async () => {
    const res = await get('/text');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(text);
  });

  it('sends text whose first bytes read as a zlib header as it is, unlabelled', async () => {
    expect(looksCompressed(Buffer.from(checksum))).toBe(true);
    for (const url of ['/checksum', '/checksum-string']) {
      const res = await get(url);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.payload, url).toBe(checksum);
    }
  });

  it('sends gzip data as the bytes they are, not labelled as an encoding to undo', async () => {
    const res = await get('/packed');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(packed)).toBe(true);
  });
});
