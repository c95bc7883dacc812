import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../platform/paths.js';
import { slowOnABigTable, statementsOf } from './migration-locks.js';

/**
 * The two that ran before the rule was held. A database that has them is past them and a new one runs
 * them on empty tables; only a panel upgrading from a release before 0010 with a big table waits for
 * them (at 1,000,000 lines: 157 s for 0010 with every query waiting, 126 s for 0011's back-fill).
 */
const before = {
  '0010_lines_search_text.sql': [
    'users: a stored generated column rewrites the table while every query waits',
  ],
  '0011_dashboard_renewals.sql': [
    'line_events: a back-fill locks every row it writes until the migration ends',
  ],
};

describe('migrations on the tables that grow with the lines', () => {
  it('take no lock that lasts as long as the table is big, past the two written before the rule', async () => {
    const files = (await readdir(migrationsFolder)).filter((file) => file.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThan(60);
    const found: Record<string, string[]> = {};
    for (const file of files) {
      const text = await readFile(path.join(migrationsFolder, file), 'utf8');
      const slow = statementsOf(text).flatMap((statement) => slowOnABigTable(statement) ?? []);
      if (slow.length) found[file] = slow;
    }
    expect(found).toEqual(before);
  });

  it.each([
    [
      'ALTER TABLE "users" ADD COLUMN "x" text GENERATED ALWAYS AS (lower(username)) STORED;',
      'stored generated',
    ],
    ['ALTER TABLE "line_events" ADD COLUMN "x" uuid DEFAULT gen_random_uuid() NOT NULL;', 'differs per row'],
    ['ALTER TABLE "credit_ledger" ADD COLUMN "n" bigserial;', 'differs per row'],
    ['ALTER TABLE "users" ALTER COLUMN "notes" SET DATA TYPE varchar(200);', 'new type'],
    ['ALTER TABLE "users" ALTER COLUMN "notes" TYPE varchar(200);', 'new type'],
    ['ALTER TABLE "ecm_day" ALTER COLUMN "ok" SET NOT NULL;', 'NOT NULL'],
    ['-- old rows\nUPDATE "users" SET "notes" = \'\' WHERE "notes" IS NULL;', 'back-fill'],
    ['UPDATE public.line_events SET owner_id = NULL;', 'back-fill'],
    ['VACUUM FULL "audit_log";', 'rewrites'],
  ])('refuses %s', (statement, why) => {
    expect(slowOnABigTable(statement)).toContain(why);
  });

  it.each([
    'ALTER TABLE "users" ADD COLUMN "sharing_oscam" jsonb;',
    `ALTER TABLE "users" ADD COLUMN "restriction_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL;`,
    'ALTER TABLE "credit_ledger" ADD COLUMN "at" timestamp with time zone DEFAULT now() NOT NULL;',
    'CREATE INDEX "users_frozen_idx" ON "users" USING btree ("frozen_at");',
    'ALTER TABLE "users" ADD CONSTRAINT "c" CHECK ("users"."frozen_days" >= 0);',
    'ALTER TABLE "users" ADD CONSTRAINT "fk" FOREIGN KEY ("owner_id") REFERENCES "auth_users"("id") ON DELETE set null ON UPDATE no action;',
    'ALTER TABLE "users" ALTER COLUMN "notes" DROP NOT NULL;',
    `UPDATE "topup_requests" SET "expired_reason" = 'x' WHERE "status" = 'expired';`,
    'ALTER TABLE "cccam_servers" ALTER COLUMN "port" SET DATA TYPE integer;',
  ])('lets %s through', (statement) => {
    expect(slowOnABigTable(statement)).toBeUndefined();
  });
});
