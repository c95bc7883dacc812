import type { Backoff } from './backoff.js';

// What the server reads from its configuration, once `loadConfig` (platform/config.ts) has read and
// checked the environment: every module takes its settings from here, never from process.env.

/** pino's levels, as LOG_LEVEL may name them. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string;
  publicOrigin: string;
  /** Origins besides our own that may send cookie-authenticated writes. */
  trustedOrigins: string[];
  secureCookies: boolean;
  database:
    | {
        kind: 'postgres';
        url: string;
        /**
         * The request pool's size, and how long a statement waits for one of its connections (a
         * free one, or a new one connecting) before the request is answered 503.
         */
        pool?: { size: number; waitMs: number };
      }
    | { kind: 'embedded'; dataDir: string };
  dataDir: string;
  admin: { email: string; password: string | undefined };
  secret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Fastify's `trustProxy`: false, a hop count or the proxies' addresses/CIDRs; never `true`. */
  trustProxy: false | number | string[];
  logLevel: (typeof LOG_LEVELS)[number];
  /** How often active and error servers are re-tested in the background; 0 = never. */
  serverCheckIntervalSeconds: number;
  /** Limit for each call to a line agent, so a dead server cannot hold a request. */
  serverApiTimeoutMs: number;
  /** How often each active server's live connections are read (who is online); 0 = never. */
  lineConnectionsPollSeconds: number;
  /** How often each active server's ECM counters are read (ECM statistics); 0 = never. */
  ecmStatsPollSeconds: number;
  /**
   * How long one getUpdates call waits for the bot's next update (Telegram's long polling); 0 = this
   * instance never reads the bot's updates.
   */
  telegramPollSeconds: number;
  /**
   * Line deliveries in flight to one agent at once from this instance; never two carrying one
   * account, so each account's changes still reach it in order.
   */
  lineSyncAgentCalls: number;
  /** Line sync retries: the first after the base, doubling up to the cap. */
  lineSyncRetryBaseMs: number;
  lineSyncRetryMaxMs: number;
  /** How often every active server's users are compared with the panel's lines; 0 = never. */
  lineReconcileIntervalSeconds: number;
  /**
   * A reconcile that would remove more than this share of a server's users stops and asks an admin
   * (a notice, and the reconcile action with confirm_removals) instead of removing them.
   */
  lineReconcileMaxRemovePercent: number;
  /** Pause between rounds that void and refund unused activation codes past their validity; 0: off. */
  activationCodeExpirySeconds: number;
  /** Requests one API key may make per minute (per app instance). */
  apiKeyRateLimitPerMinute: number;
  /**
   * Seconds a session's or API key's caller is reused per instance; every change to it drops it at once
   * through the bus, so this bounds only changes made outside the panel.
   */
  callerCacheSeconds: number;
  /** Seconds the dashboard's figures and the lines list's totals are reused between changes; 0 = never. */
  dashboardCacheSeconds: number;
  /**
   * Hours between the embedded database's scheduled backups into <dataDir>/backups; 0 = none. Always 0
   * with PostgreSQL, whose backups are pg_dump's job.
   */
  backupIntervalHours: number;
  /** How many scheduled or requested backups stay in <dataDir>/backups (the oldest go first). */
  backupKeep: number;
  /** Seconds between looks for embedded tables due a vacuum or analyze (0 = never; PostgreSQL has autovacuum). */
  embeddedMaintenanceIntervalSeconds: number;
  /** The lines list counts matches up to this many, then answers "at least this many". */
  linesTotalCap: number;
  /** Where ticket attachments are stored; null = on disk under <dataDir>/attachments. */
  s3: {
    endpoint: string | undefined;
    bucket: string;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
  } | null;
  /**
   * Where the Stripe SDK sends its calls: Stripe's API, or a stand-in speaking it (the API tests').
   * Each call to a payment provider is limited to `timeoutMs`, so a slow one cannot hold a request.
   */
  paymentProviders: { stripe: { host: string; port: number; protocol: 'http' | 'https' }; timeoutMs: number };
  /** Pause between rounds asking providers about online top-ups whose webhook never came; 0: off. */
  paymentReconcileIntervalSeconds: number;
  /** How long an online top-up waits for its webhook before it is asked about (and between asks). */
  paymentReconcileAfterSeconds: number;
  /**
   * How long after it was credited an online payment's refunds and chargebacks are still re-read by
   * the reconciliation round (Stripe takes refunds up to about 180 days and chargebacks mostly up to
   * 120); 0: only events and open chargebacks are read.
   */
  paymentReversalWindowDays: number;
  /** At most this many credited payments re-read per round and instance, least recently read first. */
  paymentReversalChecksPerRound: number;
  /** Pause between rounds closing top-ups left unpaid past the admin's setting; 0: off. */
  topUpExpiryIntervalSeconds: number;
  /** Pause between rounds unfreezing lines frozen longer than the admin's longest freeze; 0: off. */
  lineFreezeEndIntervalSeconds: number;
  /** Pause between rounds archiving or deleting lines that ended (the admin's setting); 0: off. */
  lineEndedIntervalSeconds: number;
  /**
   * Who may scrape GET /api/metrics: a caller with `Authorization: Bearer <token>`, or one whose address
   * (as TRUST_PROXY resolves it) is in the list. Neither set: the endpoint is off and nothing is counted.
   */
  metrics: { token: string | undefined; allowedAddresses: string[] };
  /**
   * Seconds between SIGTERM and closing: readiness answers 503 meanwhile while requests are still
   * served, so a load balancer that checks it stops sending new ones before the instance goes.
   */
  shutdownDrainSeconds: number;
  /**
   * Bulk line actions and imports: a run that fails (not a line refused, but the job itself, e.g. on
   * a database error) is tried again after the backoff, and the job is dead after `maxAttempts`.
   */
  lineJobs: { backoff: Backoff; maxAttempts: number };
  notifications: {
    /** Lets webhooks reach loopback and private networks, over http too: tests and development only. */
    allowPrivateWebhookTargets: boolean;
    webhookTimeoutMs: number;
    /** How often each instance looks for due deliveries. */
    pollMs: number;
    /** A failed delivery is tried again after the base, doubling up to the cap, `maxAttempts` times in all. */
    retryBaseMs: number;
    retryMaxMs: number;
    maxAttempts: number;
  };
};
