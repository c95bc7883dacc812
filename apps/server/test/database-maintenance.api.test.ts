import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { waitFor } from './support/wait-for.js';

const onPostgres = Boolean(process.env.LINEDESK_TEST_DATABASE_URL);

type Upkeep = { vacuumed: boolean; analyzed: boolean; allVisible: number; pages: number };

// PostgreSQL vacuums and analyzes on its own (autovacuum); the panel's upkeep is the embedded database's.
describe.skipIf(onPostgres)('embedded database upkeep', () => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ EMBEDDED_MAINTENANCE_INTERVAL_SECONDS: '1' });
    admin = await server.admin();
  });
  afterAll(async () => server?.close());

  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await server.built.ctx.db.execute<T>(query)).rows;

  /** What the database knows of the lines table's last vacuum and analyze, and its visibility map. */
  const linesUpkeep = async (): Promise<Upkeep> => {
    const [row] = await rows<{
      vacuumed: boolean;
      analyzed: boolean;
      all_visible: number;
      pages: number;
    }>(sql`
      select s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed,
        c.relallvisible as all_visible, c.relpages as pages
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public' and s.relname = 'users'`);
    return {
      vacuumed: row!.vacuumed,
      analyzed: row!.analyzed,
      allVisible: row!.all_visible,
      pages: row!.pages,
    };
  };

  it('vacuums and analyzes the embedded lines table once an import has changed it, and shows the job on the status page', async () => {
    const me = (await admin.get('/api/me')).body as { id: string; email: string };
    // An import of 1,500 lines: over autovacuum's rule for a vacuum (1,000 inserted + 20%).
    await server.built.ctx.db.execute(sql`
        insert into users (username, password, expiry_date, owner_id, owner_email)
        select 'upkeep' || g, 'pw-' || g, current_date + 30, ${me.id}, ${me.email}
        from generate_series(1, 1500) as g`);
    const before = await linesUpkeep();
    expect(before.vacuumed).toBe(false);

    // Read from the database, not over HTTP: a request would make the panel busy, and upkeep waits
    // for a quiet moment.
    const after = await waitFor(linesUpkeep, (upkeep) => upkeep.vacuumed && upkeep.analyzed);
    // The vacuum filled the visibility map: a page of lines found by an index reads no table rows.
    expect(after.pages).toBeGreaterThan(0);
    expect(after.allVisible).toBe(after.pages);
    const [planned] = await rows<{ reltuples: number }>(
      sql`select reltuples from pg_class where relname = 'users' and relkind = 'r'`,
    );
    expect(planned!.reltuples).toBeGreaterThanOrEqual(1500);

    const status = (await admin.get('/api/system/status')).body as {
      jobs: { name: string; runs: number; last_error: string | null }[];
    };
    const job = status.jobs.find((entry) => entry.name === 'database-maintenance');
    expect(job).toMatchObject({ last_error: null });
    expect(job!.runs).toBeGreaterThan(0);
    expect((await admin.get('/api/lines?search=upkeep1499')).body.items).toHaveLength(1);
  });
});
