import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Whether an answer's first bytes look like gzip or zlib data, by the test @fastify/compress makes
 * (its lib/utils.js): a gzip header, or a zlib header (deflate method, a window of at most 32 KiB
 * and a check value making the first two bytes a multiple of 31). Plain text can pass it: "80" does.
 */
export function looksCompressed(head: Uint8Array): boolean {
  const [a, b, c] = head;
  if (a === undefined || b === undefined) return false;
  if (a === 0x1f && b === 0x8b && c === 0x08) return true;
  return (a & 0x0f) === 0x08 && (a & 0x80) === 0 && (a * 256 + b) % 31 === 0;
}

/** A stream's first bytes (at least 3 unless it is shorter) and the same stream whole again. */
async function readHead(payload: Readable): Promise<{ head: Buffer; stream: Readable }> {
  const chunks = payload[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const read: Buffer[] = [];
  let size = 0;
  while (size < 3) {
    const next = await chunks.next();
    if (next.done) break;
    const chunk = Buffer.from(next.value);
    read.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(read);
  async function* whole() {
    if (head.length > 0) yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  // Destroying the new stream (a client gone) ends the generator, which ends the iteration of the
  // payload and so destroys it too: a file stays open no longer than before.
  const stream = Readable.from(whole(), { objectMode: false });
  stream.once('close', () => void chunks.return?.());
  return { head, stream };
}

/**
 * The compressor peeks at an answer's first bytes and, when they look compressed already, passes
 * it through unchanged, yet labelled with the encoding it chose: a client then fails to unpack
 * plain text (a checksum starting with "80"), or unpacks a file that was meant to stay packed.
 * Such an answer goes out uncompressed and unlabelled instead; any other is compressed as before.
 */
async function sendCompressedLookingAsIs(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (payload == null || reply.hasHeader('content-encoding')) return payload;
  let head: Uint8Array | null = null;
  let result = payload;
  if (payload instanceof Readable) {
    ({ head, stream: result } = await readHead(payload));
  } else if (typeof payload === 'string') {
    head = Buffer.from(payload.slice(0, 3));
  } else if (Buffer.isBuffer(payload)) {
    head = payload.subarray(0, 3);
  }
  // The compressor's documented switch for one request.
  if (head && looksCompressed(head)) request.headers['x-no-compression'] = '1';
  return result;
}

/**
 * Runs the guard before the compressor on every route it compresses (registered after it, so its
 * own per-route hook is already in place and this one goes first). Routes with `compress: false`
 * are left alone: nothing of theirs is compressed, so nothing needs reading ahead.
 */
export function guardCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions & { compress?: unknown }) => {
    if (route.compress === false) return;
    const existing = route.onSend === undefined ? [] : [route.onSend].flat();
    route.onSend = [sendCompressedLookingAsIs, ...existing] as RouteOptions['onSend'];
  });
}
