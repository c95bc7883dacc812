import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BEGIN,
  END,
  baseEnv,
  displayDateFromToday,
  readText,
  removeDir,
  startAgent,
  tempDir,
} from './agent-harness';
import { cccamAgentFixture } from './cccam-agent-fixture';

const HAND_WRITTEN = [
  '# CCcam.cfg maintained by hand',
  'SERVER LISTEN PORT : 12000',
  'ALLOW TELNETINFO: yes',
  '',
  '# friends added by hand',
  'F: handuser handpass 2 0 0 { 0:0:3 }',
  '#F: olduser oldpass 1 0 0',
  'C: upstream.example.com 12000 myuser mypass',
  '',
].join('\n');

function withBlock(...lines: string[]): string {
  return `${HAND_WRITTEN}\n${[BEGIN, ...lines, END].join('\n')}\n`;
}

function stateWith(...users: [string, string, string, boolean][]): string {
  const list = users.map(([username, password, expiryDate, enabled]) => ({
    username,
    password,
    expiryDate,
    enabled,
  }));
  return `${JSON.stringify({ version: 1, backend: 'cccam', users: list }, null, 2)}\n`;
}

describe('cccam backend: F: lines in CCcam.cfg through the HTTP API', () => {
  const suite = cccamAgentFixture('cccam', HAND_WRITTEN);

  const file = () => readText(suite.cfg);
  const state = () => readText(`${suite.cfg}.linedesk.json`);
  const backup = () => readText(`${suite.cfg}.bak`);

  it('leaves the file alone at start-up when nothing is managed yet', async () => {
    expect(await file()).toBe(HAND_WRITTEN);
    expect(suite.agent.output()).toMatch(
      /listening on http:\/\/127\.0\.0\.1:\d+ \(backend cccam, config .*CCcam\.cfg\)/,
    );
  });

  it('creates lines, appending the managed block after the hand-written part', async () => {
    const res = await suite.agent.addUser('alice', 'alice-pw1', '31-12-2099');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User added successfully');
    expect(res.body.user).toEqual({ username: 'alice', expiryDate: '31-12-2099', enabled: true });
    expect(await file()).toBe(withBlock('F: alice alice-pw1 1 0 0 { 0:0:2 }'));
    expect(await backup()).toBe(HAND_WRITTEN);

    await suite.agent.addUser('bob', 'bob-pw', '30-06-2098');
    expect(await file()).toBe(
      withBlock('F: alice alice-pw1 1 0 0 { 0:0:2 }', 'F: bob bob-pw 1 0 0 { 0:0:2 }'),
    );
    expect(await state()).toBe(
      stateWith(['alice', 'alice-pw1', '2099-12-31', true], ['bob', 'bob-pw', '2098-06-30', true]),
    );
  });

  it('edits the password in place', async () => {
    const res = await suite.agent.call('PUT', '/edit-user', { username: 'alice', newPassword: 'alice-pw2' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User updated successfully');
    expect(await file()).toBe(
      withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }', 'F: bob bob-pw 1 0 0 { 0:0:2 }'),
    );
    expect(await backup()).toBe(
      withBlock('F: alice alice-pw1 1 0 0 { 0:0:2 }', 'F: bob bob-pw 1 0 0 { 0:0:2 }'),
    );
  });

  it('keeps the expiry date in the state file (CCcam has no field for it)', async () => {
    const res = await suite.agent.call('PUT', '/edit-user', {
      username: 'alice',
      newExpiryDate: '15-01-2099',
    });
    expect(res.status).toBe(200);
    expect(await file()).toBe(
      withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }', 'F: bob bob-pw 1 0 0 { 0:0:2 }'),
    );
    expect(await state()).toBe(
      stateWith(['alice', 'alice-pw2', '2099-01-15', true], ['bob', 'bob-pw', '2098-06-30', true]),
    );
    const users = await suite.agent.call('GET', '/users');
    expect(users.body.users).toEqual([
      { username: 'alice', expiryDate: '15-01-2099', enabled: true },
      { username: 'bob', expiryDate: '30-06-2098', enabled: true },
    ]);
    expect(typeof users.body.message).toBe('string');
  });

  it('removes a disabled line and puts it back in its place when enabled', async () => {
    const disabled = await suite.agent.call('PUT', '/edit-user', { username: 'alice', enabled: false });
    expect(disabled.status).toBe(200);
    expect(await file()).toBe(withBlock('F: bob bob-pw 1 0 0 { 0:0:2 }'));
    expect((await suite.agent.call('GET', '/users')).body.users[0]).toEqual({
      username: 'alice',
      expiryDate: '15-01-2099',
      enabled: false,
    });

    const enabled = await suite.agent.call('PUT', '/edit-user', { username: 'alice', enabled: true });
    expect(enabled.status).toBe(200);
    expect(await file()).toBe(
      withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }', 'F: bob bob-pw 1 0 0 { 0:0:2 }'),
    );
  });

  it('drops a line whose expiry date has passed and restores it on renewal', async () => {
    const expired = await suite.agent.call('PUT', '/edit-user', {
      username: 'bob',
      newExpiryDate: displayDateFromToday(-1),
    });
    expect(expired.status).toBe(200);
    expect(await file()).toBe(withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }'));

    const renewed = await suite.agent.call('PUT', '/edit-user', {
      username: 'bob',
      newExpiryDate: '01-01-2099',
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.user).toEqual({ username: 'bob', expiryDate: '01-01-2099', enabled: true });
    expect(await file()).toBe(
      withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }', 'F: bob bob-pw 1 0 0 { 0:0:2 }'),
    );
  });

  it('treats a repeated identical add as success without rewriting anything', async () => {
    const before = await file();
    const beforeBackup = await backup();
    const res = await suite.agent.addUser('bob', 'bob-pw', '01-01-2099');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User already exists with the same data; nothing changed');
    expect(res.body.changed).toBe(false);
    expect(await file()).toBe(before);
    expect(await backup()).toBe(beforeBackup);
  });

  it('updates a managed user when an add repeats with different data', async () => {
    const res = await suite.agent.addUser('bob', 'bob-pw2', '02-02-2099');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User already existed and was updated');
    expect(await file()).toBe(
      withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }', 'F: bob bob-pw2 1 0 0 { 0:0:2 }'),
    );
  });

  it('refuses to take over or change hand-written entries', async () => {
    const before = await file();
    const add = await suite.agent.addUser('handuser', 'x', '01-01-2099');
    expect(add.status).toBe(409);
    expect(add.body.message).toBe(
      'User "handuser" already exists in CCcam.cfg as a hand-written entry that the agent does not manage',
    );
    const edit = await suite.agent.call('PUT', '/edit-user', { username: 'handuser', newPassword: 'x' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/hand-written entry that the agent does not manage/);
    const del = await suite.agent.call('DELETE', '/delete-user', { username: 'handuser' });
    expect(del.status).toBe(409);
    expect(await file()).toBe(before);

    // A commented-out line is not an entry, so that name is free.
    const olduser = await suite.agent.addUser('olduser', 'new', '01-01-2099');
    expect(olduser.status).toBe(200);
    expect(await file()).toBe(
      withBlock(
        'F: alice alice-pw2 1 0 0 { 0:0:2 }',
        'F: bob bob-pw2 1 0 0 { 0:0:2 }',
        'F: olduser new 1 0 0 { 0:0:2 }',
      ),
    );
  });

  it('answers 404 for editing an unknown user', async () => {
    const res = await suite.agent.call('PUT', '/edit-user', { username: 'nobody', newPassword: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'User not found' });
  });

  it('keeps hand edits made outside the block while running', async () => {
    const current = await file();
    await writeFile(
      suite.cfg,
      current.replace('ALLOW TELNETINFO: yes\n', 'ALLOW TELNETINFO: yes\nALLOW WEBINFO: yes\n'),
    );
    await suite.agent.call('DELETE', '/delete-user', { username: 'olduser' });
    expect(await file()).toBe(
      withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }', 'F: bob bob-pw2 1 0 0 { 0:0:2 }').replace(
        'ALLOW TELNETINFO: yes\n',
        'ALLOW TELNETINFO: yes\nALLOW WEBINFO: yes\n',
      ),
    );
    await writeFile(
      suite.cfg,
      withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }', 'F: bob bob-pw2 1 0 0 { 0:0:2 }'),
    );
  });

  it('refuses to write when the markers are damaged, instead of guessing', async () => {
    const damaged = `${HAND_WRITTEN}\n${BEGIN}\nF: alice alice-pw2 1 0 0 { 0:0:2 }\n`;
    await writeFile(suite.cfg, damaged);
    const res = await suite.agent.call('PUT', '/edit-user', { username: 'alice', newPassword: 'zzz' });
    expect(res.status).toBe(500);
    expect(res.body.message).toMatch(/damaged linedesk-agent markers/);
    expect(await file()).toBe(damaged);
    await writeFile(
      suite.cfg,
      withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }', 'F: bob bob-pw2 1 0 0 { 0:0:2 }'),
    );
  });

  it('refuses to write when a managed user also appears as a hand-written line', async () => {
    const clash = withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }', 'F: bob bob-pw2 1 0 0 { 0:0:2 }').replace(
      '#F: olduser',
      'F: bob handmade 1 0 0\n#F: olduser',
    );
    await writeFile(suite.cfg, clash);
    const res = await suite.agent.call('PUT', '/edit-user', { username: 'alice', newPassword: 'zzz' });
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      'Managed user "bob" also has a hand-written entry outside the linedesk-agent block in CCcam.cfg; remove one of them by hand',
    );
    expect(await file()).toBe(clash);
    await writeFile(
      suite.cfg,
      withBlock('F: alice alice-pw2 1 0 0 { 0:0:2 }', 'F: bob bob-pw2 1 0 0 { 0:0:2 }'),
    );
  });

  it('deletes lines, and deleting a missing user succeeds with a message saying so', async () => {
    const res = await suite.agent.call('DELETE', '/delete-user', { username: 'alice' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User deleted successfully');
    expect(await file()).toBe(withBlock('F: bob bob-pw2 1 0 0 { 0:0:2 }'));

    const again = await suite.agent.call('DELETE', '/delete-user', { username: 'alice' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('User does not exist; nothing to delete');
    expect(again.body.changed).toBe(false);

    await suite.agent.call('DELETE', '/delete-user', { username: 'bob' });
    expect(await file()).toBe(withBlock());
    expect(await state()).toBe(stateWith());
    expect((await suite.agent.call('GET', '/users')).body.users).toEqual([]);
  });
});

describe('cccam backend: start-up and line options', () => {
  it('re-renders missing managed lines from the state file at start-up, with configured line fields', async () => {
    const dir = await tempDir('cccam-sync');
    const cfg = path.join(dir, 'CCcam.cfg');
    try {
      // As if the process died between writing the state file and CCcam.cfg.
      await writeFile(cfg, HAND_WRITTEN);
      await writeFile(
        `${cfg}.linedesk.json`,
        stateWith(['carol', 'carol-pw', '2099-03-03', true], ['dave', 'dave-pw', '2001-01-01', true]),
      );
      const agent = await startAgent({
        env: baseEnv(cfg, {
          AGENT_CCCAM_UPHOPS: '3',
          AGENT_CCCAM_SHAREEMUS: '1',
          AGENT_CCCAM_LINE_SUFFIX: '',
        }),
      });
      try {
        expect(await readText(cfg)).toBe(withBlock('F: carol carol-pw 3 1 0'));
        expect((await agent.call('GET', '/')).body.backend).toBe('cccam');
      } finally {
        expect(await agent.stop()).toBe(0);
      }
    } finally {
      await removeDir(dir);
    }
  });
});
