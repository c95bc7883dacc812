import { agentIdFile, loadOrCreateAgentId } from './agent-identity';
import { createCccamBackend } from './cccam-backend';
import { ConfigError, loadConfig } from './config';
import { createConnectionSource } from './connections';
import type { AgentConfig } from './config';
import type { LineBackend } from './line-backend';
import { createLineService } from './line-service';
import { consoleLogger as logger } from './logger';
import { createOscamBackend } from './oscam-backend';
import { checkSighupReload } from './oscam-conf';
import { createOscamWebif } from './oscam-webif';
import { createReloader } from './reload';
import { createAgentServer } from './server';
import { agentVersion } from './version';

const SHUTDOWN_GRACE_MS = 10_000;

function createBackend(config: AgentConfig): LineBackend {
  return config.backend === 'cccam' ? createCccamBackend(config) : createOscamBackend(config);
}

async function main(): Promise<void> {
  // `npm run agent` runs in apps/agent; INIT_CWD is where the operator typed it, so relative paths
  // mean what they expect.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig({ argv: process.argv.slice(2), env: process.env, cwd });
  checkSighupReload(config);
  const version = agentVersion();
  const webif =
    config.backend === 'oscam' && config.oscam.webif
      ? createOscamWebif(config.oscam.webif, config.reloadTimeoutMs)
      : null;
  if (webif && config.pidFile) {
    logger.warn(
      'AGENT_OSCAM_WEBIF_URL is set, so accounts are reloaded through the webif; AGENT_PID_FILE is not signalled',
    );
  }
  const service = createLineService(config, createBackend(config), logger, createReloader(config, webif));
  await service.init();
  const agentId = await loadOrCreateAgentId(agentIdFile(config.configFile));
  const connections = createConnectionSource(
    config,
    webif,
    () => new Set(service.listUsers().map((user) => user.username)),
  );

  const server = createAgentServer({ config, service, connections, logger, version, agentId });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const scheme = config.tls ? 'https' : 'http';
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(
    `Linedesk agent ${version} listening on ${scheme}://${shownHost}:${config.port} (backend ${config.backend}, config ${config.configFile})`,
  );

  // CCcam has no expiry field, so expired lines are taken out of CCcam.cfg by the agent itself; an
  // expired OSCam account can still log in, so it is written disabled once it has ended. The check
  // runs every AGENT_EXPIRY_CHECK_SECONDS (a line with a date only ends at local midnight), and at
  // the instant the next line ends (the panel's expiresAt, src/expiry.ts), so that it ends then.
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  const scheduleExpiryCheck = () => {
    clearTimeout(timer);
    if (stopping) return;
    const now = Date.now();
    const next = service.nextLineEnd(new Date(now));
    const delay = Math.min(config.expiryCheckSeconds * 1000, next === null ? Infinity : next - now);
    timer = setTimeout(
      () => {
        service
          .checkExpiry()
          .catch((error: unknown) => logger.error(`expiry check failed: ${(error as Error).message}`))
          .finally(scheduleExpiryCheck);
      },
      Math.max(0, delay),
    );
  };
  // A write may bring a line that ends before the check due next.
  service.onChange(scheduleExpiryCheck);
  scheduleExpiryCheck();

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, finishing pending writes`);
    clearTimeout(timer);
    const force = setTimeout(() => {
      logger.error('pending writes did not finish in time, exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop taking requests, let in-flight ones finish, then wait for the write queue to drain.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    void closed
      .then(() => service.idle())
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(
      `Linedesk agent failed to start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exit(1);
});
