import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, removeDir, startAgent, tempDir } from './agent-harness';

/**
 * The harness that starts the agents of these tests and of the panel's. On a busy machine the port
 * it picked can be taken before the agent binds it, by anything: other tests run servers that take
 * connections and never answer (a hung agent, a provider too slow to wait for).
 */
describe('starting a test agent', () => {
  it('on a port a server holds that never answers, fails saying EADDRINUSE rather than waiting on it', async () => {
    const held = new Set<net.Socket>();
    const hung = net.createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const port = (hung.address() as net.AddressInfo).port;
    const dir = await tempDir('harness');
    try {
      const cfg = path.join(dir, 'CCcam.cfg');
      await writeFile(cfg, '');
      // Given the port, the harness does not try another: the start must fail, and say why.
      await expect(startAgent({ env: baseEnv(cfg, { AGENT_PORT: String(port) }) })).rejects.toThrow(
        /EADDRINUSE/,
      );
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => hung.close(resolve));
      await removeDir(dir);
    }
  }, 90_000);
});
