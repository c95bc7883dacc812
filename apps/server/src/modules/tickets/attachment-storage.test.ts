import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttachmentStores, createDiskStore, createS3Store } from './attachment-storage.js';

async function collect(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Just enough of S3's REST API (path-style PUT, GET, DELETE object) to exercise the adapter. */
function startFakeS3(): Promise<{
  url: string;
  objects: Map<string, { body: Buffer; type: string }>;
  requests: { method: string; path: string; authorization: string | undefined }[];
  close: () => Promise<void>;
}> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: { method: string; path: string; authorization: string | undefined }[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer(async (req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push({ method: req.method ?? '', path: key, authorization: req.headers.authorization });
    if (req.method === 'PUT') {
      objects.set(key, { body: await read(req), type: req.headers['content-type'] ?? '' });
      res.writeHead(200, { etag: '"fake"' }).end();
    } else if (req.method === 'GET') {
      const found = objects.get(key);
      if (!found) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
        return;
      }
      res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length }).end(found.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        objects,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('S3 attachment store', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(async () => {
    await fake?.close();
  });

  const store = () =>
    createS3Store({
      endpoint: fake.url,
      bucket: 'tickets',
      region: 'us-east-1',
      accessKeyId: 'minio',
      secretAccessKey: 'minio-secret',
    });

  it('puts, gets and deletes objects path-style under the bucket, signed with the given key', async () => {
    const s3 = store();
    expect(s3.kind).toBe('s3');
    const key = s3.newKey();
    await s3.put(key, PNG, 'image/png');
    const stored = fake.objects.get(`/tickets/ticket-attachments/${key}`);
    expect(stored?.body.equals(PNG)).toBe(true);
    expect(stored?.type).toBe('image/png');
    expect(fake.requests.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=minio\//);

    expect((await collect(await s3.get(key)))?.equals(PNG)).toBe(true);
    await s3.delete(key);
    expect(fake.objects.size).toBe(0);
    expect(await s3.get(key)).toBeNull();
  });

  it('refuses keys it did not make', async () => {
    await expect(store().put('../other-bucket/x', PNG, 'image/png')).rejects.toThrow(
      /Invalid attachment key/,
    );
  });

  it('is the store for new uploads when S3 is configured; files on disk stay readable', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'linedesk-att-'));
    try {
      const onDisk = createDiskStore(path.join(dataDir, 'attachments'));
      const key = onDisk.newKey();
      await onDisk.put(key, PNG, 'image/png');
      const stores = createAttachmentStores({
        dataDir,
        s3: {
          endpoint: fake.url,
          bucket: 'tickets',
          region: 'us-east-1',
          accessKeyId: 'a',
          secretAccessKey: 'b',
        },
      });
      expect(stores.current.kind).toBe('s3');
      expect((await collect(await stores.of('disk')!.get(key)))?.equals(PNG)).toBe(true);
      expect(createAttachmentStores({ dataDir, s3: null }).current.kind).toBe('disk');
      expect(createAttachmentStores({ dataDir, s3: null }).of('s3')).toBeNull();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('disk attachment store', () => {
  it('writes under random names, reads back, deletes, and answers null for a missing file', async () => {
    const folder = path.join(await mkdtemp(path.join(tmpdir(), 'linedesk-att-')), 'attachments');
    try {
      const disk = createDiskStore(folder);
      const key = disk.newKey();
      expect(key).toMatch(/^[a-f0-9]{48}$/);
      expect(disk.newKey()).not.toBe(key);
      await disk.put(key, PNG, 'image/png');
      expect(await readdir(folder)).toEqual([key]);
      expect((await collect(await disk.get(key)))?.equals(PNG)).toBe(true);
      await disk.delete(key);
      expect(await disk.get(key)).toBeNull();
      await expect(disk.get('../../etc/passwd')).rejects.toThrow(/Invalid attachment key/);
    } finally {
      await rm(path.dirname(folder), { recursive: true, force: true });
    }
  });
});
