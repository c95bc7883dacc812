import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyRunningFolder } from './embedded-dump.js';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'linedesk-copy-'));
  folders.push(folder);
  return folder;
}

/** Every file under a folder with its content, by name relative to it. */
async function contents(folder: string): Promise<Record<string, string>> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  const files: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, file)] = await readFile(file, 'utf8');
  }
  return files;
}

describe('copying a running database folder', () => {
  it('ends equal to the folder as it is while held, whatever changed after the first pass', async () => {
    const from = await tempFolder();
    const to = path.join(await tempFolder(), 'copy');
    await writeFile(path.join(from, 'control'), 'checkpoint 1');
    await writeFile(path.join(from, 'removed'), 'gone soon');
    await writeFile(path.join(from, 'recycled-old'), 'old segment');
    await writeFile(path.join(from, 'kept'), 'never changes');
    await mkdir(path.join(from, 'base', '1'), { recursive: true });
    await writeFile(path.join(from, 'base', '1', 'table'), 'page A');

    let copiedFirst: Record<string, string> = {};
    await copyRunningFolder(from, to, async (work) => {
      copiedFirst = await contents(to);
      // What the database writes between the first pass and the hold, moments after the first pass
      // read the files: contents of the same sizes, a file removed, one renamed, a new folder.
      await writeFile(path.join(from, 'control'), 'checkpoint 2');
      await writeFile(path.join(from, 'base', '1', 'table'), 'page B');
      await rm(path.join(from, 'removed'));
      await rename(path.join(from, 'recycled-old'), path.join(from, 'recycled-new'));
      await mkdir(path.join(from, 'base', '2'));
      await writeFile(path.join(from, 'base', '2', 'new-table'), 'created');
      await work();
    });

    expect(copiedFirst['control']).toBe('checkpoint 1');
    expect(await contents(to)).toEqual({
      control: 'checkpoint 2',
      kept: 'never changes',
      'recycled-new': 'old segment',
      [path.join('base', '1', 'table')]: 'page B',
      [path.join('base', '2', 'new-table')]: 'created',
    });
  });
});
