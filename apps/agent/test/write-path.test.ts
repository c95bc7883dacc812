import { describe, expect, it } from 'vitest';
import type { ManagedUser } from '../src/line-backend';
import { BEGIN_MARKER, END_MARKER, joinManagedBlock, splitManagedBlock } from '../src/managed-block';
import { serializeState } from '../src/state-store';

// The write path keeps each record's rendered and serialised text and finds the markers without
// cutting the file into lines (a 50,000-line server rewrites its files on every change); what it
// writes must stay byte for byte what the plain way wrote, or a restart would see a changed file.
describe('the write path on big files', () => {
  const users: ManagedUser[] = [
    { username: 'a', password: 'p"1', expiryDate: '2030-01-02', enabled: true },
    {
      username: '42',
      password: 'x',
      expiryDate: '2030-01-02',
      expiresAt: '2030-01-02T21:00:00.000Z',
      enabled: false,
      restrictions: { max_connections: 2, groups: [1, 3] },
      extra: { oscam: ['description = shop "front"', 'au = 1'] },
    },
  ];

  it('serialises the state file exactly as JSON.stringify(state, null, 2), twice the same', () => {
    const plain = `${JSON.stringify({ version: 1, backend: 'oscam', users }, null, 2)}\n`;
    expect(serializeState('oscam', users)).toBe(plain);
    expect(serializeState('oscam', users)).toBe(plain);
    expect(serializeState('cccam', [])).toBe(
      `${JSON.stringify({ version: 1, backend: 'cccam', users: [] }, null, 2)}\n`,
    );
  });

  it('splits at the marker lines only and joins back to the same text, CRLF kept', () => {
    for (const eol of ['\n', '\r\n']) {
      const head = `# mine${eol}  # BEGIN linedesk is not a marker${eol}[account]${eol}user = hand${eol}${eol}`;
      const block = `[account]${eol}user = a${eol}${eol}[account]${eol}user = b${eol}`;
      const tail = `# after${eol}`;
      const text = `${head}  ${BEGIN_MARKER}${eol}${block}${END_MARKER}${eol}${tail}`;
      const split = splitManagedBlock(text, 'oscam.user');
      expect(split.head).toBe(`${head}`);
      expect(split.block).toBe(block);
      expect(split.tail).toBe(tail);
      expect(split.eol).toBe(eol);
      const joined = joinManagedBlock(split, ['[account]', 'user = a', '', '[account]', 'user = b']);
      expect(joined).toBe(`${head}${BEGIN_MARKER}${eol}${block}${END_MARKER}${eol}${tail}`);
      expect(joinManagedBlock(split, [])).toBe(`${head}${BEGIN_MARKER}${eol}${END_MARKER}${eol}${tail}`);
    }
  });

  it('takes a blank line before a marker for what it is', () => {
    const text = `F: hand pw\n\n${BEGIN_MARKER}\nF: a b\n\n${END_MARKER}\n\n# after\n`;
    const split = splitManagedBlock(text, 'CCcam.cfg');
    expect(split).toMatchObject({ head: 'F: hand pw\n\n', block: 'F: a b\n\n', tail: '\n# after\n' });
  });

  it('an empty block is still a block, and damaged markers stop the write', () => {
    const empty = splitManagedBlock(`x\n${BEGIN_MARKER}\n${END_MARKER}\n`, 'CCcam.cfg');
    expect(empty.block).toBe('');
    expect(() => splitManagedBlock(`${END_MARKER}\n${BEGIN_MARKER}\n`, 'CCcam.cfg')).toThrow(/damaged/);
    expect(() => splitManagedBlock(`${BEGIN_MARKER}\nF: a b\n`, 'CCcam.cfg')).toThrow(/damaged/);
    expect(splitManagedBlock('F: a b\n', 'CCcam.cfg').block).toBeNull();
  });
});
