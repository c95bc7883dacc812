import { z } from 'zod';
import { text } from './schema-blocks.js';

/** The admin "System status" page (also reachable at /supabase-test, the address older panels used). */
export const jobReportSchema = z.object({
  name: text(),
  runs: z.number().int(),
  last_run_at: text().nullable(),
  last_duration_ms: z.number().nullable(),
  last_error: text().nullable(),
  last_error_at: text().nullable(),
});
export type JobReportItem = z.infer<typeof jobReportSchema>;

export const systemStatusSchema = z.object({
  database: z.object({
    kind: z.enum(['embedded', 'postgres']),
    ok: z.boolean(),
    latency_ms: z.number().nullable(),
    error: text().nullable(),
  }),
  migrations: z.object({
    applied: z.number().int(),
    available: z.number().int(),
    latest: text().nullable(),
  }),
  events: z.object({
    transport: z.enum(['in-process', 'listen-notify']),
    healthy: z.boolean(),
  }),
  /** As seen by the instance that answered (each instance runs its own job loops). */
  jobs: z.array(jobReportSchema),
  outbox: z.object({
    /** Deliveries to line agents not yet done, and how many of them have failed at least once. */
    pending: z.number().int(),
    failing: z.number().int(),
    oldest_at: text().nullable(),
    last_error: text().nullable(),
  }),
  mail: z.object({ transport: z.enum(['smtp', 'log']) }),
  /** Backups of the embedded database in <data dir>/backups; PostgreSQL's are made with pg_dump. */
  backups: z.object({
    /** 'panel': this server writes them; 'pg_dump': PostgreSQL, backed up outside the panel. */
    by: z.enum(['panel', 'pg_dump']),
    /** Hours between scheduled backups; 0 = only on request (`npm run backup`). */
    interval_hours: z.number(),
    keep: z.number().int(),
    count: z.number().int(),
    last_at: z.string().nullable(),
    last_size_bytes: z.number().int().nullable(),
    next_at: z.string().nullable(),
    last_error: z.string().nullable(),
  }),
  app: z.object({
    version: text(),
    node: text(),
    started_at: text(),
    uptime_seconds: z.number().int(),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** One backup file in <data dir>/backups (POST /api/system/backup answers with the new one). */
export const backupFileSchema = z.object({
  /** The file's name in <data dir>/backups, never its path on the server. */
  file: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** Why an instance is not ready, beside the 503 of GET /api/health/ready. */
export const readinessDownSchema = z.object({
  status: z.literal('error'),
  db: z.enum(['ok', 'error']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  shutting_down: z.boolean(),
});
