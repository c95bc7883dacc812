import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, type AppConfig } from './app-config.js';
import { metricsAddressesSchema, numberSetting, trustProxySchema } from './config-values.js';

/** PostgreSQL's request pool when nothing is set (a request pool of one instance; docs/deploy.md). */
export const DATABASE_POOL_DEFAULTS = { size: 10, waitMs: 10_000 } as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a full URL such as https://panel.example.com' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, {
      error: 'DATABASE_URL must be a postgres:// URL (or unset for the embedded database)',
    })
    .optional(),
  DATABASE_POOL_SIZE: numberSetting('DATABASE_POOL_SIZE', 'a whole number of connections', {
    min: 1,
    max: 200,
    default: DATABASE_POOL_DEFAULTS.size,
    int: true,
  }),
  DATABASE_POOL_WAIT_MS: numberSetting('DATABASE_POOL_WAIT_MS', 'a number of milliseconds', {
    min: 100,
    max: 120_000,
    default: DATABASE_POOL_DEFAULTS.waitMs,
    int: true,
  }),
  LINEDESK_DATA_DIR: z.string().min(1).default('./data'),
  LINEDESK_ADMIN_EMAIL: z.email({ error: 'LINEDESK_ADMIN_EMAIL must be an email address' }).optional(),
  LINEDESK_ADMIN_PASSWORD: z
    .string()
    .min(8, { error: 'LINEDESK_ADMIN_PASSWORD must be at least 8 characters' })
    .max(128)
    .optional(),
  LINEDESK_SECRET: z.string().min(32, { error: 'LINEDESK_SECRET must be at least 32 characters' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Linedesk <no-reply@linedesk.local>'),
  TRUST_PROXY: trustProxySchema.default(false),
  TRUSTED_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SERVER_CHECK_INTERVAL_SECONDS: numberSetting(
    'SERVER_CHECK_INTERVAL_SECONDS',
    'a number of seconds (0 disables the check)',
    { min: 0, max: 86_400, default: 300 },
  ),
  TELEGRAM_POLL_SECONDS: numberSetting(
    'TELEGRAM_POLL_SECONDS',
    "a number of seconds (0 stops reading the bot's updates)",
    { min: 0, max: 50, default: 25, int: true },
  ),
  LINE_CONNECTIONS_POLL_SECONDS: numberSetting(
    'LINE_CONNECTIONS_POLL_SECONDS',
    'a number of seconds (0 turns "who is online" off)',
    { min: 0, max: 3600, default: 30 },
  ),
  ECM_STATS_POLL_SECONDS: numberSetting(
    'ECM_STATS_POLL_SECONDS',
    'a number of seconds (0 turns ECM statistics off)',
    { min: 0, max: 3600, default: 60 },
  ),
  SERVER_API_TIMEOUT_MS: numberSetting('SERVER_API_TIMEOUT_MS', 'a number of milliseconds', {
    min: 100,
    max: 120_000,
    default: 5000,
    int: true,
  }),
  LINE_SYNC_AGENT_CALLS: numberSetting('LINE_SYNC_AGENT_CALLS', 'a whole number of calls', {
    min: 1,
    max: 16,
    // One: on a quiet two-core machine, two or four calls in flight created no more lines a second
    // than one call that gathers what arrives meanwhile (bench/RESULTS.md, "line creation" and
    // session 50).
    default: 1,
    int: true,
  }),
  LINE_SYNC_RETRY_BASE_MS: numberSetting('LINE_SYNC_RETRY_BASE_MS', 'a number of milliseconds', {
    min: 50,
    max: 3_600_000,
    default: 5000,
    int: true,
  }),
  LINE_SYNC_RETRY_MAX_MS: numberSetting('LINE_SYNC_RETRY_MAX_MS', 'a number of milliseconds', {
    min: 50,
    max: 86_400_000,
    default: 300_000,
    int: true,
  }),
  LINE_RECONCILE_INTERVAL_SECONDS: numberSetting(
    'LINE_RECONCILE_INTERVAL_SECONDS',
    'a number of seconds (0 disables it)',
    { min: 0, max: 604_800, default: 600 },
  ),
  LINE_RECONCILE_MAX_REMOVE_PERCENT: numberSetting(
    'LINE_RECONCILE_MAX_REMOVE_PERCENT',
    'a percentage from 0 to 100',
    { min: 0, max: 100, default: 10 },
  ),
  ACTIVATION_CODE_EXPIRY_SECONDS: numberSetting(
    'ACTIVATION_CODE_EXPIRY_SECONDS',
    'a number of seconds (0 stops voiding expired codes)',
    { min: 0, max: 86_400, default: 60 },
  ),
  API_KEY_RATE_LIMIT_PER_MINUTE: numberSetting('API_KEY_RATE_LIMIT_PER_MINUTE', 'a number of requests', {
    min: 1,
    max: 100_000,
    default: 120,
    int: true,
  }),
  CALLER_CACHE_SECONDS: numberSetting('CALLER_CACHE_SECONDS', 'a number of seconds (at least 1)', {
    min: 1,
    max: 3600,
    default: 10,
  }),
  DASHBOARD_CACHE_SECONDS: numberSetting(
    'DASHBOARD_CACHE_SECONDS',
    'a number of seconds (0 disables the cache)',
    { min: 0, max: 3600, default: 60 },
  ),
  BACKUP_INTERVAL_HOURS: numberSetting(
    'BACKUP_INTERVAL_HOURS',
    'a number of hours (0 turns scheduled backups off)',
    { min: 0, max: 8760, default: 24 },
  ),
  EMBEDDED_MAINTENANCE_INTERVAL_SECONDS: numberSetting(
    'EMBEDDED_MAINTENANCE_INTERVAL_SECONDS',
    'a number of seconds (0 turns the upkeep off)',
    { min: 0, max: 86_400, default: 30 },
  ),
  BACKUP_KEEP: numberSetting('BACKUP_KEEP', 'a whole number of backups to keep (at least 1)', {
    min: 1,
    max: 1000,
    default: 7,
    int: true,
  }),
  LINES_TOTAL_CAP: numberSetting('LINES_TOTAL_CAP', 'a number of lines', {
    min: 1,
    max: 10_000_000,
    default: 10_000,
    int: true,
  }),
  // Ticket attachments go to an S3-compatible store when S3_BUCKET is set (else <dataDir>/attachments).
  S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT must be a full URL such as https://s3.example.com' }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'STRIPE_API_URL must be a full URL such as https://api.stripe.com' })
    .default('https://api.stripe.com'),
  PAYMENT_RECONCILE_INTERVAL_SECONDS: numberSetting(
    'PAYMENT_RECONCILE_INTERVAL_SECONDS',
    'a number of seconds (0 stops asking providers)',
    { min: 0, max: 86_400, default: 60 },
  ),
  LINE_FREEZE_END_INTERVAL_SECONDS: numberSetting(
    'LINE_FREEZE_END_INTERVAL_SECONDS',
    'a number of seconds (0 stops ending freezes past the longest one)',
    { min: 0, max: 86_400, default: 300 },
  ),
  LINE_ENDED_INTERVAL_SECONDS: numberSetting(
    'LINE_ENDED_INTERVAL_SECONDS',
    'a number of seconds (0 stops archiving or deleting lines that ended)',
    { min: 0, max: 86_400, default: 600 },
  ),
  TOPUP_EXPIRY_INTERVAL_SECONDS: numberSetting(
    'TOPUP_EXPIRY_INTERVAL_SECONDS',
    'a number of seconds (0 stops expiring unpaid top-ups)',
    { min: 0, max: 86_400, default: 600 },
  ),
  PAYMENT_RECONCILE_AFTER_SECONDS: numberSetting('PAYMENT_RECONCILE_AFTER_SECONDS', 'a number of seconds', {
    min: 0,
    max: 86_400,
    default: 300,
  }),
  PAYMENT_REVERSAL_WINDOW_DAYS: numberSetting(
    'PAYMENT_REVERSAL_WINDOW_DAYS',
    'a number of days (0 stops re-reading credited payments)',
    { min: 0, max: 730, default: 180, int: true },
  ),
  PAYMENT_REVERSAL_CHECKS_PER_ROUND: numberSetting(
    'PAYMENT_REVERSAL_CHECKS_PER_ROUND',
    'a number of payments',
    { min: 1, max: 10_000, default: 50, int: true },
  ),
  PAYMENT_PROVIDER_TIMEOUT_MS: numberSetting('PAYMENT_PROVIDER_TIMEOUT_MS', 'a number of milliseconds', {
    min: 100,
    max: 120_000,
    default: 20_000,
    int: true,
  }),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false'], {
      error: 'WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false (true only for tests and development)',
    })
    .default('false'),
  WEBHOOK_TIMEOUT_MS: numberSetting('WEBHOOK_TIMEOUT_MS', 'a number of milliseconds', {
    min: 100,
    max: 60_000,
    default: 10_000,
    int: true,
  }),
  NOTIFICATION_POLL_MS: numberSetting('NOTIFICATION_POLL_MS', 'a number of milliseconds', {
    min: 50,
    // Up to an hour: a test that must see no notice go out sets a round later than it can run.
    max: 3_600_000,
    default: 2000,
    int: true,
  }),
  NOTIFICATION_RETRY_BASE_MS: numberSetting('NOTIFICATION_RETRY_BASE_MS', 'a number of milliseconds', {
    min: 50,
    max: 3_600_000,
    default: 30_000,
    int: true,
  }),
  NOTIFICATION_RETRY_MAX_MS: numberSetting('NOTIFICATION_RETRY_MAX_MS', 'a number of milliseconds', {
    min: 50,
    max: 86_400_000,
    default: 3_600_000,
    int: true,
  }),
  NOTIFICATION_MAX_ATTEMPTS: numberSetting('NOTIFICATION_MAX_ATTEMPTS', 'a number of attempts (at least 1)', {
    min: 1,
    max: 100,
    default: 10,
    int: true,
  }),
  LINE_JOB_RETRY_BASE_MS: numberSetting('LINE_JOB_RETRY_BASE_MS', 'a number of milliseconds', {
    min: 50,
    max: 3_600_000,
    default: 10_000,
    int: true,
  }),
  LINE_JOB_RETRY_MAX_MS: numberSetting('LINE_JOB_RETRY_MAX_MS', 'a number of milliseconds', {
    min: 50,
    max: 86_400_000,
    default: 600_000,
    int: true,
  }),
  LINE_JOB_MAX_ATTEMPTS: numberSetting('LINE_JOB_MAX_ATTEMPTS', 'a number of attempts (at least 1)', {
    min: 1,
    max: 100,
    default: 5,
    int: true,
  }),
  METRICS_TOKEN: z
    .string()
    .min(16, {
      error: 'METRICS_TOKEN must be at least 16 characters (a random string, e.g. openssl rand -hex 24)',
    })
    .max(200)
    .optional(),
  METRICS_ALLOWED_ADDRESSES: metricsAddressesSchema.optional(),
  SHUTDOWN_DRAIN_SECONDS: numberSetting('SHUTDOWN_DRAIN_SECONDS', 'a number of seconds (0 = none)', {
    min: 0,
    max: 120,
    default: 0,
  }),
});

export type { AppConfig };

export class ConfigError extends Error {}

/** Parsed once at start; a bad value stops the server with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed `npm start`.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.LINEDESK_DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    trustedOrigins: e.TRUSTED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    secureCookies: publicUrl.startsWith('https://'),
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          pool: { size: e.DATABASE_POOL_SIZE, waitMs: e.DATABASE_POOL_WAIT_MS },
        }
      : { kind: 'embedded', dataDir: path.join(dataDir, 'db') },
    dataDir,
    admin: { email: e.LINEDESK_ADMIN_EMAIL ?? 'admin@linedesk.local', password: e.LINEDESK_ADMIN_PASSWORD },
    secret: e.LINEDESK_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    serverCheckIntervalSeconds: e.SERVER_CHECK_INTERVAL_SECONDS,
    serverApiTimeoutMs: e.SERVER_API_TIMEOUT_MS,
    lineConnectionsPollSeconds: e.LINE_CONNECTIONS_POLL_SECONDS,
    ecmStatsPollSeconds: e.ECM_STATS_POLL_SECONDS,
    telegramPollSeconds: e.TELEGRAM_POLL_SECONDS,
    lineSyncAgentCalls: e.LINE_SYNC_AGENT_CALLS,
    lineSyncRetryBaseMs: e.LINE_SYNC_RETRY_BASE_MS,
    lineSyncRetryMaxMs: Math.max(e.LINE_SYNC_RETRY_MAX_MS, e.LINE_SYNC_RETRY_BASE_MS),
    lineReconcileIntervalSeconds: e.LINE_RECONCILE_INTERVAL_SECONDS,
    lineReconcileMaxRemovePercent: e.LINE_RECONCILE_MAX_REMOVE_PERCENT,
    activationCodeExpirySeconds: e.ACTIVATION_CODE_EXPIRY_SECONDS,
    apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    callerCacheSeconds: e.CALLER_CACHE_SECONDS,
    dashboardCacheSeconds: e.DASHBOARD_CACHE_SECONDS,
    backupIntervalHours: e.DATABASE_URL ? 0 : e.BACKUP_INTERVAL_HOURS,
    backupKeep: e.BACKUP_KEEP,
    embeddedMaintenanceIntervalSeconds: e.DATABASE_URL ? 0 : e.EMBEDDED_MAINTENANCE_INTERVAL_SECONDS,
    linesTotalCap: e.LINES_TOTAL_CAP,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : null,
    paymentProviders: { stripe: apiBase(e.STRIPE_API_URL), timeoutMs: e.PAYMENT_PROVIDER_TIMEOUT_MS },
    paymentReconcileIntervalSeconds: e.PAYMENT_RECONCILE_INTERVAL_SECONDS,
    paymentReconcileAfterSeconds: e.PAYMENT_RECONCILE_AFTER_SECONDS,
    paymentReversalWindowDays: e.PAYMENT_REVERSAL_WINDOW_DAYS,
    paymentReversalChecksPerRound: e.PAYMENT_REVERSAL_CHECKS_PER_ROUND,
    topUpExpiryIntervalSeconds: e.TOPUP_EXPIRY_INTERVAL_SECONDS,
    lineFreezeEndIntervalSeconds: e.LINE_FREEZE_END_INTERVAL_SECONDS,
    lineEndedIntervalSeconds: e.LINE_ENDED_INTERVAL_SECONDS,
    metrics: { token: e.METRICS_TOKEN, allowedAddresses: e.METRICS_ALLOWED_ADDRESSES ?? [] },
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    lineJobs: {
      backoff: {
        baseMs: e.LINE_JOB_RETRY_BASE_MS,
        maxMs: Math.max(e.LINE_JOB_RETRY_MAX_MS, e.LINE_JOB_RETRY_BASE_MS),
      },
      maxAttempts: e.LINE_JOB_MAX_ATTEMPTS,
    },
    notifications: {
      allowPrivateWebhookTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
      webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
      pollMs: e.NOTIFICATION_POLL_MS,
      retryBaseMs: e.NOTIFICATION_RETRY_BASE_MS,
      retryMaxMs: Math.max(e.NOTIFICATION_RETRY_MAX_MS, e.NOTIFICATION_RETRY_BASE_MS),
      maxAttempts: e.NOTIFICATION_MAX_ATTEMPTS,
    },
  };
}

/** The SDK takes its API base as host, port and protocol rather than a URL. */
function apiBase(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}
