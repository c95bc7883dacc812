import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningAgent } from './agent-harness';
import { BEGIN, END, baseEnv, readText, removeDir, startAgent, tempDir } from './agent-harness';

const HAND_WRITTEN = '# hand\nF: handuser handpass 1 0 0\n';

describe('POST /batch', () => {
  let dir: string;
  let cfg: string;
  let reloadLog: string;
  let agent: RunningAgent;

  beforeAll(async () => {
    dir = await tempDir('batch');
    cfg = path.join(dir, 'CCcam.cfg');
    reloadLog = path.join(dir, 'reload.log');
    await writeFile(cfg, HAND_WRITTEN);
    agent = await startAgent({
      env: baseEnv(cfg, { AGENT_RELOAD_COMMAND: `printf 'reloaded\\n' >> '${reloadLog}'` }),
    });
  });

  afterAll(async () => {
    expect(await agent.stop()).toBe(0);
    await removeDir(dir);
  });

  const reloads = async () => (await readText(reloadLog).catch(() => '')).split('\n').filter(Boolean).length;

  it('applies the changes in order in one write and one reload, answering each like its own endpoint', async () => {
    const res = await agent.call('POST', '/batch', {
      changes: [
        { action: 'add-user', username: 'b1', password: 'pw1', expiryDate: '01-01-2099' },
        { action: 'add-user', username: 'b2', password: 'pw2', expiryDate: '01-01-2099' },
        { action: 'edit-user', username: 'b2', enabled: false },
        { action: 'edit-user', username: 'nobody', enabled: false },
        { action: 'add-user', username: 'handuser', password: 'x', expiryDate: '01-01-2099' },
        { action: 'add-user', username: 'b3', password: 'pw3', expiryDate: '31-02-2099' },
        { action: 'delete-user', username: 'b1' },
        { action: 'add-user', username: 'b1', password: 'pw1b', expiryDate: '01-01-2099' },
        { action: 'rename-user', username: 'b4' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('5 of 9 changes applied');
    const results = res.body.results as { status: number; message: string; reload?: { status: string } }[];
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 404, 409, 400, 200, 200, 400]);
    expect(results[0]).toMatchObject({ message: 'User added successfully', changed: true });
    expect(results[2]).toMatchObject({
      message:
        'User updated successfully (the user is disabled, so the line stays out of the file until it is enabled)',
      user: { username: 'b2', enabled: false },
    });
    expect(results[3]!.message).toBe('User not found');
    expect(results[5]!.message).toBe('Invalid expiry date format. Expected DD-MM-YYYY format.');
    expect(results[8]!.message).toBe('action must be add-user, edit-user or delete-user');
    expect(await readText(cfg)).toBe(`${HAND_WRITTEN}\n${BEGIN}\nF: b1 pw1b 1 0 0 { 0:0:2 }\n${END}\n`);
    expect(await reloads()).toBe(1);
    expect(results[7]!.reload).toEqual({ status: 'ok' });

    const listed = (await agent.call('GET', '/users')).body.users as { username: string; enabled: boolean }[];
    expect(listed.map((u) => [u.username, u.enabled])).toEqual([
      ['b2', false],
      ['b1', true],
    ]);
  });

  it('does not reload when nothing in the batch changes the file', async () => {
    const before = await reloads();
    const res = await agent.call('POST', '/batch', {
      changes: [
        { action: 'add-user', username: 'b1', password: 'pw1b', expiryDate: '01-01-2099' },
        { action: 'delete-user', username: 'never-there' },
      ],
    });
    expect(res.body.results).toMatchObject([
      { status: 200, changed: false, reload: { status: 'not-needed' } },
      { status: 200, changed: false, message: 'User does not exist; nothing to delete' },
    ]);
    expect(await reloads()).toBe(before);
  });

  it('keeps every change of batches sent at the same time, each batch applied in its own order', async () => {
    // The panel has several batches in flight at once (never two with one account): each must land
    // whole, none may drop another's change, and a batch's own changes apply in the order it lists them.
    const names = Array.from({ length: 8 }, (_, i) => `cc${i}`);
    const answers = await Promise.all(
      names.map((name) =>
        agent.call('POST', '/batch', {
          changes: [
            { action: 'add-user', username: name, password: `first-${name}`, expiryDate: '01-01-2099' },
            { action: 'edit-user', username: name, enabled: false },
            { action: 'add-user', username: name, password: `second-${name}`, expiryDate: '01-01-2099' },
            { action: 'edit-user', username: name, enabled: true },
          ],
        }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect((res.body.results as { status: number }[]).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    }
    const block = (await readText(cfg)).split('\n').filter((line) => line.startsWith('F: cc'));
    expect(block.sort()).toEqual(names.map((name) => `F: ${name} second-${name} 1 0 0 { 0:0:2 }`).sort());
    const listed = (await agent.call('GET', '/users')).body.users as { username: string; enabled: boolean }[];
    expect(listed.filter((u) => u.username.startsWith('cc')).every((u) => u.enabled)).toBe(true);
  });

  it('refuses a body without a list of changes, or too many, as a whole', async () => {
    expect((await agent.call('POST', '/batch', { changes: 'x' })).body).toEqual({
      message: 'changes must be a list',
    });
    const tooMany = Array.from({ length: 1001 }, () => ({ action: 'delete-user', username: 'a' }));
    const res = await agent.call('POST', '/batch', { changes: tooMany });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('At most 1000 changes per batch');
    expect((await agent.call('GET', '/batch')).status).toBe(405);
    expect((await agent.call('POST', '/batch', { changes: [] }, null)).status).toBe(401);
  });
});
