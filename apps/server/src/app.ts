import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppContext } from './app-context.js';
import { openDatabase, type Database } from './db/client.js';
import { registerAgentInstallRoutes } from './modules/agent-install/agent-install.routes.js';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.js';
import { startActivationCodeExpiryJob } from './modules/activation-codes/activation-code-expiry-job.js';
import { startPaymentReconcileJob } from './modules/payments/payment-reconcile-job.js';
import { startTopUpExpiryJob } from './modules/topups/topup-expiry-job.js';
import { startLineFreezeEndJob } from './modules/lines/line-freeze-job.js';
import { startLineEndedJob } from './modules/lines/line-ended-job.js';
import { registerActivationCodeRoutes } from './modules/activation-codes/activation-codes.routes.js';
import { startBackupJob } from './modules/backups/backup-job.js';
import { registerBackupRoutes } from './modules/backups/backups.routes.js';
import { allowLocalBackupRequests } from './modules/backups/backups.service.js';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { registerAuditRoutes } from './modules/audit/audit.routes.js';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { registerReportRoutes } from './modules/reports/reports.routes.js';
import { startDatabaseMaintenanceJob } from './modules/database-maintenance/database-maintenance-job.js';
import { registerSetupGuideRoutes } from './modules/setup-guide/setup-guide.routes.js';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.js';
import { startNotificationDeliveryJob } from './modules/notifications/notification-delivery-job.js';
import { startExpiryReminderJob } from './modules/reminders/expiry-reminder-job.js';
import { registerReminderRoutes } from './modules/reminders/reminders.routes.js';
import { registerSystemStatusRoutes } from './modules/system-status/system-status.routes.js';
import { ensureFirstAdmin, type FirstAdmin } from './modules/accounts/first-admin.js';
import { createAuthAdapter } from './modules/auth/auth-adapter.js';
import { SESSION_COOKIE } from './modules/auth/auth.js';
import { getActor } from './modules/auth/request-actor.js';
import { bearerToken, looksLikeApiKey } from './modules/api-keys/api-key-secret.js';
import { PORTAL_COOKIE } from './modules/portal/portal-cookie.js';
import { resolvePortalCustomer } from './modules/portal/portal-session.js';
import { recordStaffAction, resolveStaffScope } from './modules/staff/staff-scope.js';
import { registerStaffRoutes } from './modules/staff/staff.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerAccountSecurityRoutes } from './modules/account-security/account-security.routes.js';
import { registerResendConfirmationRoutes } from './modules/auth/resend-confirmation.routes.js';
import { registerCreditRoutes } from './modules/credits/credits.routes.js';
import { registerPaymentMethodRoutes } from './modules/payments/payment-methods.routes.js';
import { registerPortalRoutes } from './modules/portal/portal.routes.js';
import { registerPaymentWebhookRoutes } from './modules/payments/payment-webhooks.routes.js';
import { registerPricingRoutes } from './modules/pricing/pricing.routes.js';
import { registerRedeemRoutes } from './modules/redeem/redeem.routes.js';
import { registerTopUpRoutes } from './modules/topups/topups.routes.js';
import { pruneIdempotencyKeys } from './modules/credits/idempotency.js';
import { pruneOldFailures } from './modules/auth/sign-in-limiter.js';
import { convertLegacyMessages } from './modules/messages/legacy-message-conversion.js';
import { registerGroupRoutes } from './modules/groups/groups.routes.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerLocaleRoutes } from './modules/locale/locale.routes.js';
import { startLineReconcileJob } from './modules/line-sync/line-reconcile.js';
import { startLineSyncJob } from './modules/line-sync/line-sync-job.js';
import { startBusinessClock } from './modules/lines/business-clock.js';
import { registerLineBulkRoutes } from './modules/line-bulk/line-bulk.routes.js';
import { registerLinePlanRoutes } from './modules/line-plans/line-plans.routes.js';
import { registerResellerTermsRoutes } from './modules/reseller-terms/reseller-terms.routes.js';
import { startLineBulkJob } from './modules/line-bulk/line-bulk-job.js';
import { startLineImportJob } from './modules/line-import/line-import-job.js';
import { registerLineImportRoutes } from './modules/line-import/line-import.routes.js';
import { registerLineConnectionRoutes } from './modules/line-connections/line-connections.routes.js';
import { registerLineLockRoutes } from './modules/line-connections/line-locks.routes.js';
import { startLineConnectionsJob } from './modules/line-connections/line-connections-job.js';
import { registerEcmStatsRoutes } from './modules/ecm-stats/ecm-stats.routes.js';
import { registerServerLoadRoutes } from './modules/server-load/server-load.routes.js';
import { registerOutageRoutes } from './modules/outages/outages.routes.js';
import { startEcmStatsJob } from './modules/ecm-stats/ecm-stats-job.js';
import { registerLineRoutes } from './modules/lines/lines.routes.js';
import { registerMessageRoutes } from './modules/messages/messages.routes.js';
import { registerContactRoutes } from './modules/contact/contact.routes.js';
import { registerBillingRoutes } from './modules/billing/billing.routes.js';
import { registerKnowledgeBaseRoutes } from './modules/knowledge-base/knowledge-base.routes.js';
import { startTelegramPollJob } from './modules/telegram/telegram-poll-job.js';
import { registerTelegramRoutes } from './modules/telegram/telegram.routes.js';
import { registerTicketRoutes } from './modules/tickets/tickets.routes.js';
import { startServerCheckJob } from './modules/servers/server-check-job.js';
import { registerServerRoutes } from './modules/servers/servers.routes.js';
import { registerLineAdoptionRoutes } from './modules/line-adoption/line-adoption.routes.js';
import type { AppConfig } from './platform/config.js';
import { registerCsrfGuard } from './platform/csrf.js';
import { withRouteExamples } from './platform/openapi-examples.js';
import { routeExamples } from './modules/route-examples.js';
import { createSecretBox, createSigner } from './platform/crypto.js';
import { claimDataDir } from './platform/data-dir-lock.js';
import { createJobMonitor } from './platform/job-monitor.js';
import { requireContracts } from './platform/route.js';
import { registerCallerResolvers } from './platform/request-callers.js';
import { answerClientError, registerErrorHandler } from './platform/error-handler.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { responseSerializerCompiler } from './platform/response-serializer.js';
import { registerCompression, registerWebApp } from './platform/web-app.js';
import type { App } from './platform/fastify.js';
import { loggerOptions, startLogStream } from './platform/logger.js';
import { QuietRequestLog } from './platform/request-log.js';
import { webDist } from './platform/paths.js';
import { createMailer } from './platform/mailer.js';
import { resolveSecret } from './platform/secret.js';
import { requestActivity } from './platform/request-activity.js';
import { registerRequestContext } from './platform/request-context.js';
import { createMetrics, metricsEnabled, registerRequestMetrics } from './platform/metrics.js';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes.js';
import { createEventBus } from './realtime/event-bus.js';
import { registerEventPosition } from './realtime/event-position.js';
import { registerEventRoutes } from './realtime/events.routes.js';

export type BuiltApp = {
  app: App;
  ctx: AppContext;
  firstAdmin: FirstAdmin | null;
  close: () => Promise<void>;
};

export class DatabaseStartError extends Error {}

/** A hop count as Fastify applies it at run time (its types take no number): the nearest n proxies. */
function fastifyTrustProxy(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(
  config: AppConfig,
  options: { logStream?: DestinationStream } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: { ...loggerOptions(config), stream: options.logStream ?? startLogStream() },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    clientErrorHandler: answerClientError,
    logController: new QuietRequestLog(),
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestContext(app);
  registerEventPosition(app);
  // Nothing is counted while nobody may read it.
  const metrics = metricsEnabled(config) ? createMetrics() : null;
  if (metrics) registerRequestMetrics(app, metrics);

  let database: Database;
  try {
    database = await openDatabase(config.database, { onQuery: metrics?.observeQuery });
    app.log.info('Database initialized successfully');
  } catch (error) {
    app.log.error({ err: error }, 'Error initializing database:');
    throw new DatabaseStartError(`Error initializing database: ${(error as Error).message}`);
  }

  // The embedded database's folder is this process's alone while it runs (restore checks this).
  const dataDirLock =
    database.kind === 'embedded' ? await claimDataDir(config.dataDir, localUrl(config)) : null;

  const secret = await resolveSecret(config.secret, config.dataDir);
  const mailer = createMailer(config, app.log);
  const bus = await createEventBus(database);
  const auth = createAuthAdapter({ config, db: database.db, secret, mailer });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    auth,
    bus,
    mailer,
    serverSecrets: createSecretBox(secret, 'cccam-server-password'),
    paymentSecrets: createSecretBox(secret, 'payment-method-secret'),
    telegramSecrets: createSecretBox(secret, 'telegram-bot-token'),
    webhookSecrets: createSecretBox(secret, 'notification-webhook-secret'),
    agentInstallTokens: createSigner(secret, 'agent-install-token'),
    log: app.log,
    startedAt: new Date(),
    jobs: createJobMonitor(),
    metrics,
    lifecycle: { stopping: false },
  };
  registerCallerResolvers(ctx, {
    actor: getActor,
    portalCustomer: resolvePortalCustomer,
    staffScope: resolveStaffScope,
    staffActed: recordStaffAction,
  });
  if (dataDirLock) allowLocalBackupRequests(ctx, dataDirLock.token);
  const firstAdmin = await ensureFirstAdmin(database.db, config.admin);
  await pruneOldFailures(database.db);
  await pruneIdempotencyKeys(database.db);
  const convertedMessages = await convertLegacyMessages(database.db);
  if (convertedMessages > 0)
    app.log.info({ messages: convertedMessages }, 'old panel messages given their text codes');
  const stopBusinessClock = await startBusinessClock(ctx);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  registerCsrfGuard(app, config, {
    cookies: [SESSION_COOKIE, PORTAL_COOKIE],
    isApiKey: (authorization) => looksLikeApiKey(bearerToken(authorization)),
  });
  await registerSecurityHeaders(app, config);
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Linedesk API',
        version: '0.1.0',
        description: 'Reseller and admin panel for card-sharing lines.',
      },
      servers: [{ url: config.publicUrl }],
      security: [{ sessionCookie: [] }, { apiKey: [] }],
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'linedesk.session_token' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key from /settings (POST /api/api-keys)',
          },
        },
      },
    },
    transform: withRouteExamples(jsonSchemaTransform, routeExamples),
  });
  // Deep links (/api/docs#/lines/post_api_lines) open one operation: with 130 operations the page
  // draws them a few at a time as it is scrolled, so a link is the way to reach one directly.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // From here on, an /api route without a contract stops the server at start: every endpoint
  // declares who may call it. The documentation above is the only exception.
  requireContracts(app, (url) => url === '/api/openapi.json' || url.startsWith('/api/docs'));

  registerHealthRoutes(app, ctx);
  registerMetricsRoutes(app, ctx);
  registerLocaleRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerAccountSecurityRoutes(app, ctx);
  registerResendConfirmationRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerCreditRoutes(app, ctx);
  registerRedeemRoutes(app, ctx);
  registerPricingRoutes(app, ctx);
  registerPaymentMethodRoutes(app, ctx);
  registerTopUpRoutes(app, ctx);
  registerPaymentWebhookRoutes(app, ctx);
  registerGroupRoutes(app, ctx);
  registerServerRoutes(app, ctx);
  registerLineAdoptionRoutes(app, ctx);
  registerAgentInstallRoutes(app, ctx);
  registerLineRoutes(app, ctx);
  registerLineConnectionRoutes(app, ctx);
  registerLineLockRoutes(app, ctx);
  registerEcmStatsRoutes(app, ctx);
  registerServerLoadRoutes(app, ctx);
  registerOutageRoutes(app, ctx);
  registerLineBulkRoutes(app, ctx);
  registerLineImportRoutes(app, ctx);
  registerActivationCodeRoutes(app, ctx);
  registerPortalRoutes(app, ctx);
  registerLinePlanRoutes(app, ctx);
  registerResellerTermsRoutes(app, ctx);
  registerStaffRoutes(app, ctx);
  registerApiKeyRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerSetupGuideRoutes(app, ctx);
  registerReminderRoutes(app, ctx);
  registerSystemStatusRoutes(app, ctx);
  registerBackupRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerTicketRoutes(app, ctx);
  registerKnowledgeBaseRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerTelegramRoutes(app, ctx);
  registerEventRoutes(app, ctx);

  await registerWebApp(app, webDist, SESSION_COOKIE);

  await app.ready();
  const serverCheckJob = startServerCheckJob(ctx);
  const lineSyncJob = startLineSyncJob(ctx);
  const lineBulkJob = startLineBulkJob(ctx);
  const lineImportJob = startLineImportJob(ctx);
  const lineReconcileJob = startLineReconcileJob(ctx);
  const reminderJob = startExpiryReminderJob(ctx, requestActivity(app.server));
  const notificationJob = startNotificationDeliveryJob(ctx);
  const lineConnectionsJob = startLineConnectionsJob(ctx);
  const ecmStatsJob = startEcmStatsJob(ctx);
  const backupJob = startBackupJob(ctx);
  const activationCodeExpiryJob = startActivationCodeExpiryJob(ctx);
  const paymentReconcileJob = startPaymentReconcileJob(ctx);
  const telegramPollJob = startTelegramPollJob(ctx);
  const topUpExpiryJob = startTopUpExpiryJob(ctx);
  const lineFreezeEndJob = startLineFreezeEndJob(ctx);
  const lineEndedJob = startLineEndedJob(ctx);
  const maintenanceJob = startDatabaseMaintenanceJob(ctx, requestActivity(app.server));
  const close = async () => {
    // Readiness answers 503 from here on while requests are still served, so that a load balancer
    // checking it sends new ones elsewhere before this instance stops listening.
    ctx.lifecycle.stopping = true;
    if (config.shutdownDrainSeconds > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
    }
    // All at once: each stop aborts its job's round and waits for the transaction in hand, and
    // one after the other they added up to seconds. A job hands back what it has not done (its lease
    // released), so another instance, or this one when it is back, carries on at once.
    await Promise.all(
      [
        maintenanceJob,
        backupJob,
        activationCodeExpiryJob,
        paymentReconcileJob,
        topUpExpiryJob,
        lineFreezeEndJob,
        lineEndedJob,
        serverCheckJob,
        lineBulkJob,
        lineImportJob,
        lineSyncJob,
        lineReconcileJob,
        reminderJob,
        notificationJob,
        lineConnectionsJob,
        ecmStatsJob,
        telegramPollJob,
      ].map((job) => job?.stop()),
    );
    stopBusinessClock();
    await app.close();
    await bus.close();
    await database.close();
    await dataDirLock?.release();
  };
  return { app, ctx, firstAdmin, close };
}

/** Where a command on this machine reaches the server (`npm run backup`). */
function localUrl(config: AppConfig): string {
  const host = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
