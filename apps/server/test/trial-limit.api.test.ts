import { describe, expect, it } from 'vitest';
import { signUpAccount } from './support/line-fixtures.js';
import { lineServerFixture } from './support/line-server-fixture.js';
import type { TestClient } from './support/test-client.js';

const suite = lineServerFixture();

const trial = (client: TestClient, username: string) =>
  client.post('/api/lines', { username, password: 'pw-1234', is_trial: true });

describe('trial lines per reseller per day', () => {
  it('lets exactly 5 of 30 concurrent trial creates through by default, and shows what is left', async () => {
    const seller = await signUpAccount(suite.server, 'trial-burst@example.com', 10);
    const before = await seller.client.get('/api/line-settings');
    expect(before.body).toMatchObject({ trial_lines_per_day: 5, trial_lines_left_today: 5 });

    // Retry-After says when the next day starts (UTC, as the limit counts days). Taken before the
    // burst: on a busy machine the last answer may come many seconds after the first refusal.
    const sent = new Date();
    const untilTomorrow =
      (Date.UTC(sent.getUTCFullYear(), sent.getUTCMonth(), sent.getUTCDate() + 1) - sent.getTime()) / 1000;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => trial(seller.client, `burst${i}x`)),
    );
    const elapsed = (Date.now() - sent.getTime()) / 1000;
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(25);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.error).toMatchObject({
        code: 'LINE_TRIAL_LIMIT_REACHED',
        message: 'Daily trial line limit reached (5 per day). Try again tomorrow.',
      });
      const retryAfter = Number(r.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(Math.ceil(untilTomorrow) + 1);
      expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(untilTomorrow - elapsed) - 1);
    }
    expect((await seller.client.get('/api/lines?page_size=100')).body.total).toBe(5);
    expect((await seller.client.get('/api/line-settings')).body.trial_lines_left_today).toBe(0);

    // Paid lines are not limited, and deleting a trial gives no trial back.
    const paid = await seller.client.post('/api/lines', {
      username: 'burstpaid',
      password: 'pw-1234',
      subscription_months: 1,
    });
    expect(paid.status).toBe(201);
    const first = results.find((r) => r.status === 201)!;
    expect((await seller.client.delete(`/api/lines/${first.body.line.id}`)).status).toBe(200);
    expect((await trial(seller.client, 'burstagain')).status).toBe(429);
  });

  it('follows the admin setting (0 = no trials) and never limits admins', async () => {
    const seller = await signUpAccount(suite.server, 'trial-none@example.com', 10);
    const bad = await suite.admin.put('/api/line-settings', { trial_lines_per_day: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('LINE_INVALID_TRIAL_LIMIT');

    const none = await suite.admin.put('/api/line-settings', { trial_lines_per_day: 0 });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body).toMatchObject({ trial_lines_per_day: 0, trial_lines_left_today: null });
    const refused = await trial(seller.client, 'nonetrial1');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      'Daily trial line limit reached (0 per day). Try again tomorrow.',
    );
    expect((await seller.client.get('/api/line-settings')).body.trial_lines_left_today).toBe(0);

    for (let i = 0; i < 7; i += 1) {
      expect((await trial(suite.admin, `admintrial${i}`)).status).toBe(201);
    }

    const two = await suite.admin.put('/api/line-settings', { trial_lines_per_day: 2 });
    expect(two.body.trial_days).toBe(1);
    expect((await seller.client.get('/api/line-settings')).body.trial_lines_left_today).toBe(2);
    expect((await trial(seller.client, 'nonetrial2')).status).toBe(201);
    expect((await seller.client.get('/api/line-settings')).body.trial_lines_left_today).toBe(1);
  });
});
