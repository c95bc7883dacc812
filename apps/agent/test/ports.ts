import { createServer } from 'node:net';

/**
 * A free port, held by a listening socket until `release()`: neither another process binding port 0
 * nor an outgoing connection's local port (drawn from the same range) can take it meanwhile.
 */
export function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    // A reservation a failed start never releases does not keep the process alive.
    probe.unref();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        release: () => new Promise((done) => probe.close(() => done())),
      });
    });
  });
}

export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}

/**
 * `start(port)` on a free port. The port is let go before the server listens on it, seconds later
 * for one starting on a fresh data folder; when another process took it meanwhile (`start` fails
 * saying EADDRINUSE), it starts again on another, up to three times.
 */
export async function onFreePort<T extends object>(
  start: (port: number) => Promise<T>,
): Promise<T & { port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return { ...(await start(port)), port };
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}
