import { expect } from 'vitest';
import type { StaffRole } from '@linedesk/shared';
import { signUpAccount, type Account } from './line-fixtures.js';
import type { LineServerFixture } from './line-server-fixture.js';
import type { TestClient } from './test-client.js';

/** A one-month line the client makes under `username`; its id. */
export async function madeLine(client: TestClient, username: string): Promise<number> {
  const res = await client.post('/api/lines', { username, password: 'pw-1234', subscription_months: 1 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.line.id as number;
}

/** A ticket the client opens under `title`; its id. */
export async function openedTicket(client: TestClient, title: string): Promise<number> {
  const res = await client.post('/api/tickets', { title, description: 'My line stopped' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** A signed-up account (`email`) the admin gives a staff role. */
export async function staffMember(
  suite: LineServerFixture,
  email: string,
  role: StaffRole,
  scopeId: string | null,
): Promise<Account> {
  const member = await signUpAccount(suite.server, email);
  const set = await suite.admin.put(`/api/accounts/${member.id}/staff`, { role, scope_id: scopeId });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect(set.body).toEqual({ staff: { role, scope_id: scopeId } });
  return member;
}
