import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/test-client.js';
import { openEventStream } from './support/event-stream.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
});
afterAll(async () => server?.close());

const ADMIN_TEXT =
  'You do not have permission to access this page. This page is only accessible to administrators.';

describe('groups', () => {
  it('has the three fixed groups with exactly the spec permissions', async () => {
    const res = await admin.get('/api/groups');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.items.map((g: { id: number }) => [g.id, g]));
    expect(byId[1]).toMatchObject({
      name: 'Admin',
      fixed: true,
      permissions: [
        'manage_users',
        'manage_groups',
        'manage_resellers',
        'view_users',
        'view_groups',
        'view_resellers',
        'add_credits',
      ],
    });
    expect(byId[2]).toMatchObject({
      name: 'Resellers',
      permissions: ['view_users', 'add_credits'],
      fixed: true,
    });
    expect(byId[3]).toMatchObject({ name: 'Users', permissions: [], fixed: true });
    expect(byId[1].member_count).toBe(1);
  });

  it('refuses non-admins with the admin-guard text', async () => {
    const user = await server.signUpConfirmed('plain@example.com');
    const list = await user.get('/api/groups');
    expect(list.status).toBe(403);
    expect(list.body.error).toEqual({ code: 'ADMIN_ONLY', message: ADMIN_TEXT });
    const create = await user.post('/api/groups', { name: 'Mine', permissions: [] });
    expect(create.status).toBe(403);
    expect((await server.client().get('/api/groups')).status).toBe(401);
  });

  it('creates, renames and re-permissions a group; names are unique; unknown permissions are refused', async () => {
    const created = await admin.post('/api/groups', {
      name: 'Support',
      description: 'Help desk',
      permissions: ['view_users'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Support',
      permissions: ['view_users'],
      fixed: false,
      member_count: 0,
    });
    const dup = await admin.post('/api/groups', { name: 'support', permissions: [] });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('GROUP_NAME_TAKEN');
    const bad = await admin.post('/api/groups', { name: 'Bad', permissions: ['launch_rockets'] });
    expect(bad.status).toBe(422);

    const renamed = await admin.patch(`/api/groups/${created.body.id}`, { name: 'Helpdesk' });
    expect(renamed.body).toMatchObject({ name: 'Helpdesk', permissions: ['view_users'] });
    const perms = await admin.patch(`/api/groups/${created.body.id}`, {
      permissions: ['view_users', 'view_groups'],
    });
    expect(perms.body.permissions).toEqual(['view_users', 'view_groups']);
  });

  it("a member's permissions follow the group", async () => {
    const group = await admin.post('/api/groups', { name: 'Viewers', permissions: ['view_groups'] });
    const user = await server.signUpConfirmed('viewer@example.com');
    const me = await user.get('/api/me');
    expect((await admin.patch(`/api/accounts/${me.body.id}`, { group_id: group.body.id })).status).toBe(200);
    const after = await user.get('/api/me');
    expect(after.body).toMatchObject({
      group_id: group.body.id,
      group_name: 'Viewers',
      permissions: ['view_groups'],
    });
    expect((await user.get('/api/groups')).status).toBe(200);
  });

  it("refuses to delete a group with users ('Cannot delete group with active users'), then deletes it once empty", async () => {
    const group = await admin.post('/api/groups', { name: 'Temporary', permissions: [] });
    const user = await server.signUpConfirmed('member@example.com');
    const me = await user.get('/api/me');
    await admin.patch(`/api/accounts/${me.body.id}`, { group_id: group.body.id });
    const refused = await admin.delete(`/api/groups/${group.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'GROUP_HAS_USERS',
      message: 'Cannot delete group with active users',
    });

    await admin.patch(`/api/accounts/${me.body.id}`, { group_id: 3 });
    expect((await admin.delete(`/api/groups/${group.body.id}`)).status).toBe(204);
    const gone = await admin.delete(`/api/groups/${group.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toEqual({ code: 'GROUP_NOT_FOUND', message: 'Group not found' });
    const patchGone = await admin.patch(`/api/groups/${group.body.id}`, { name: 'x' });
    expect(patchGone.body.error.message).toBe('Group not found');
  });

  it('protects the fixed groups', async () => {
    const del = await admin.delete('/api/groups/3');
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe('GROUP_FIXED');
    const edit = await admin.patch('/api/groups/2', { permissions: [] });
    expect(edit.status).toBe(409);
  });

  it("answers 'User not found' and 'Group not found' when moving accounts", async () => {
    const noUser = await admin.patch('/api/accounts/no-such-id', { group_id: 2 });
    expect(noUser.status).toBe(404);
    expect(noUser.body.error).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    const me = await admin.get('/api/me');
    const noGroup = await admin.patch(`/api/accounts/${me.body.id}`, { group_id: 999 });
    expect(noGroup.status).toBe(404);
    expect(noGroup.body.error.message).toBe('Group not found');
  });

  it('tells open event streams about group changes', async () => {
    const stream = await openEventStream(server, admin);
    try {
      const created = await admin.post('/api/groups', { name: 'Live', permissions: [] });
      expect(await stream.next('groups', (e) => e.data.id === String(created.body.id))).not.toBeNull();
    } finally {
      stream.close();
    }
  });
});
