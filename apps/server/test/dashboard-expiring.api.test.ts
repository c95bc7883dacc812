import { addDays, isoDate, LINE_EXPIRING_SOON_DAYS } from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineAgent, type TestAgent } from './support/line-agent.js';
import { addAgentServer, signUpAccount, type Account } from './support/line-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * The dashboard's "expiring" card and the lines list's "expiring" quick filter say the same thing, so
 * a reseller who clicks through from the card finds as many lines as the card promised: the edges of
 * the window (today, the last day in it, the first day past it), a suspended line and a frozen one (its
 * clock is stopped: not expiring) decide it. The expiries chart's first days add up to the card.
 */
describe('lines expiring soon', () => {
  let server: TestServer;
  let agent: TestAgent;
  let admin: TestClient;
  let reseller: Account;
  const today = isoDate(new Date());

  beforeAll(async () => {
    [server, agent] = await Promise.all([startTestServer(), startLineAgent()]);
    admin = await server.admin();
    await addAgentServer(admin, agent, 'Expiring');
    reseller = await signUpAccount(server, `expiring-${Date.now()}@example.com`, 100);
    // Days left per line; suspended lines are named with `off`, the frozen one `ice`.
    const plan: [string, number, boolean][] = [
      ['today', 0, true],
      ['sixth', LINE_EXPIRING_SOON_DAYS - 1, true],
      ['last', LINE_EXPIRING_SOON_DAYS, true],
      ['past', LINE_EXPIRING_SOON_DAYS + 1, true],
      ['gone', -1, true],
      ['off', 3, false],
      ['ice', 2, true],
    ];
    for (const [key, days, enabled] of plan) {
      const created = await reseller.client.post('/api/lines', {
        username: `exp-${key}-${Date.now().toString(36)}`,
        password: 'pw-1234',
        subscription_months: 1,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.line.id as number;
      const changed = await admin.patch(`/api/lines/${id}`, { expiry_date: addDays(today, days), enabled });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      if (key === 'ice') {
        const frozen = await reseller.client.post(`/api/lines/${id}/freeze`);
        expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
      }
    }
  });

  afterAll(async () => {
    await server?.close();
    await agent?.stop();
  });

  for (const who of ['reseller', 'admin'] as const) {
    it(`the ${who}'s dashboard card counts exactly the lines the list's expiring filter shows`, async () => {
      const client = who === 'admin' ? admin : reseller.client;
      const dashboard = await client.get('/api/dashboard');
      expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
      const listed = await client.get(
        `/api/lines?page_size=100&counts=true&expiring_within_days=${LINE_EXPIRING_SOON_DAYS}`,
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const usernames = (listed.body.items as { username: string }[]).map(
        (line) => line.username.split('-')[1],
      );

      // Today, the day before the last, the last day and the suspended line; not the day after.
      expect(usernames.sort()).toEqual(['last', 'off', 'sixth', 'today']);
      expect(dashboard.body.lines.expiring_7d).toBe(listed.body.total);
      expect(listed.body.quick_counts.expiring_soon).toBe(listed.body.total);
      const charted = (dashboard.body.charts.expiries as { count: number }[])
        .slice(0, LINE_EXPIRING_SOON_DAYS + 1)
        .reduce((sum, day) => sum + day.count, 0);
      expect(charted).toBe(dashboard.body.lines.expiring_7d);
    });
  }
});
