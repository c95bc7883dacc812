import { networkInterfaces } from 'node:os';
import { buildApp, DatabaseStartError } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { startIdleMemoryTrim } from './platform/idle-memory-trim.js';
import { listenUrls } from './platform/listen-addresses.js';
import { startBanner } from './platform/start-banner.js';

/** The longest a stop may take before the process leaves anyway. */
const SHUTDOWN_GRACE_MS = 20_000;

async function main() {
  const config = loadConfig();
  const { app, firstAdmin, close } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  startIdleMemoryTrim(app.server);

  // Before the readiness line: a supervisor may send SIGTERM the moment it reads that line, and a
  // signal that comes before its listener ends the process at once instead of shutting it down.
  let stopping = false;
  const stop = async (signal: string) => {
    // A second Ctrl-C is the operator insisting: every write is a transaction of its own, so
    // leaving without waiting loses nothing that was committed and half-writes nothing.
    if (stopping) {
      app.log.warn(`${signal} received again, exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    // A stop that hangs (a database or an agent that no longer answers) must not keep the process:
    // a supervisor would wait, then kill it anyway.
    // The drain (SHUTDOWN_DRAIN_SECONDS, readiness answering 503 meanwhile) comes on top.
    const graceMs = SHUTDOWN_GRACE_MS + config.shutdownDrainSeconds * 1000;
    setTimeout(() => {
      app.log.error(`Still shutting down after ${graceMs / 1000} s, exiting`);
      process.exit(1);
    }, graceMs).unref();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // Last, after everything the start logs, so the first admin's login is what stays on screen.
  const urls = listenUrls(config.host, config.port, networkInterfaces());
  console.log(startBanner({ publicUrl: config.publicUrl, urls, firstAdmin }));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseStartError) {
    console.error(error.message);
  } else {
    console.error('Linedesk failed to start:', error);
  }
  process.exit(1);
});
