import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar';

/** Where a `.tar.gz` goes: a file's stream, or a function that reads the compressed bytes. */
type Sink = Writable | ((gzipped: AsyncIterable<Buffer>) => Promise<void>);

/**
 * Writes these entries of `cwd` as a gzipped tar (names relative to `cwd`, as node-tar writes them),
 * compressed by Node's zlib on its worker threads. node-tar's own `gzip` option compresses on the event
 * loop: backing up the embedded database of 100,000 lines held every request of the panel for 0.3-0.8 s
 * at a time, over 15 s. `level`: zlib's, for content that is compressed already.
 */
export async function writeTarGz(
  cwd: string,
  entries: string[],
  sink: Sink,
  level?: number,
  signal?: AbortSignal,
): Promise<void> {
  const archive = tar.create({ cwd, portable: true }, entries) as AsyncIterable<Buffer>;
  const gzip = createGzip(level === undefined ? {} : { level });
  if (typeof sink === 'function') await pipeline(archive, gzip, sink, { signal });
  else await pipeline(archive, gzip, sink, { signal });
}
