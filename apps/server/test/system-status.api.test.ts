import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('system status', () => {
  it('shows the database, migrations, events, jobs, outbox, mail and uptime to admins', async () => {
    const admin = await server.admin();
    await admin.post('/api/reminders/run');
    const res = await admin.get('/api/system/status');
    expect(res.status).toBe(200);
    const status = res.body;
    const kind = process.env.LINEDESK_TEST_DATABASE_URL ? 'postgres' : 'embedded';
    expect(status.database).toMatchObject({ kind, ok: true, error: null });
    expect(status.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(status.migrations.applied).toBe(status.migrations.available);
    expect(status.migrations.latest).toMatch(/^\d{4}_/);
    expect(status.events).toEqual({
      transport: kind === 'postgres' ? 'listen-notify' : 'in-process',
      healthy: true,
    });
    expect(status.jobs.map((job: { name: string }) => job.name)).toContain('expiry-reminders');
    expect(status.outbox).toEqual({ pending: 0, failing: 0, oldest_at: null, last_error: null });
    expect(status.mail).toEqual({ transport: 'log' });
    expect(status.app.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(status.app.node).toBe(process.version);
  });

  it('is for admins only', async () => {
    const user = await server.signUpConfirmed('status-user@example.com');
    expect((await user.get('/api/system/status')).status).toBe(403);
    expect((await server.client().get('/api/system/status')).status).toBe(401);
  });
});
