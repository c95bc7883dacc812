import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from './db/client.js';
import type { AuthAdapter } from './modules/auth/auth-adapter.js';
import type { AppConfig } from './platform/config.js';
import type { SecretBox, Signer } from './platform/crypto.js';
import type { JobMonitor } from './platform/job-monitor.js';
import type { Mailer } from './platform/mailer.js';
import type { Metrics } from './platform/metrics.js';
import type { EventBus } from './realtime/event-bus.js';

/** What every route and service may reach: built once in app.ts, passed down explicitly. */
export type AppContext = {
  config: AppConfig;
  database: Database;
  db: Db;
  /** better-auth, behind its adapter (sign-in, passwords, two-factor, session cookies). */
  auth: AuthAdapter;
  bus: EventBus;
  mailer: Mailer;
  /** Seals the line agents' API passwords (cccam_servers.password_encrypted). */
  serverSecrets: SecretBox;
  /** Seals payment providers' keys and webhook secrets (payment_methods.*_sealed). */
  paymentSecrets: SecretBox;
  /** Seals the Telegram bot's token (app_settings `telegram.bot`). */
  telegramSecrets: SecretBox;
  /** Seals accounts' webhook signing secrets (notification_settings.webhook_secret_sealed). */
  webhookSecrets: SecretBox;
  /** Signs the tokens of agent install commands (modules/agent-install). */
  agentInstallTokens: Signer;
  log: FastifyBaseLogger;
  startedAt: Date;
  /** Last runs of this instance's background jobs, for the status page. */
  jobs: JobMonitor;
  /** This instance's Prometheus figures; null while /api/metrics is off (config `metrics`). */
  metrics: Metrics | null;
  /** `stopping` from SIGTERM on: readiness answers 503 (modules/health). */
  lifecycle: { stopping: boolean };
};
