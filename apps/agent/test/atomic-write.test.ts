import { chmod, lstat, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeStaleTempFiles, writeFileAtomic } from '../src/atomic-write';
import { removeDir, tempDir } from './agent-harness';

describe('writeFileAtomic', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await tempDir('atomic');
  });

  afterAll(async () => {
    await removeDir(dir);
  });

  it('keeps the mode of an existing file and leaves no temp file behind', async () => {
    const file = path.join(dir, 'CCcam.cfg');
    await writeFile(file, 'old\n');
    await chmod(file, 0o640);
    await writeFileAtomic(file, 'new\n');
    expect(await readFile(file, 'utf8')).toBe('new\n');
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('creates new files with the requested mode', async () => {
    const file = path.join(dir, 'state.json');
    await writeFileAtomic(file, '{}\n', { mode: 0o600 });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('writes through a symlink instead of replacing it', async () => {
    const real = path.join(dir, 'real-oscam.user');
    const link = path.join(dir, 'oscam.user');
    await writeFile(real, 'old\n');
    await symlink(real, link);
    await writeFileAtomic(link, 'new\n');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(real, 'utf8')).toBe('new\n');
  });

  it('removes temp files of dead processes only', async () => {
    const file = path.join(dir, 'CCcam.cfg');
    const dead = path.join(dir, '.CCcam.cfg.linedesk-2147483646-abcdef.tmp');
    const live = path.join(dir, `.CCcam.cfg.linedesk-${process.ppid}-abcdef.tmp`);
    const foreign = path.join(dir, '.CCcam.cfg.swp');
    await Promise.all([writeFile(dead, 'x'), writeFile(live, 'x'), writeFile(foreign, 'x')]);
    expect(await removeStaleTempFiles(file)).toEqual([path.basename(dead)]);
    const names = await readdir(dir);
    expect(names).toContain(path.basename(live));
    expect(names).toContain(path.basename(foreign));
  });
});
