// The agent owns exactly the lines between two marker comments and never rewrites a byte outside
// them, so hand-written entries, comments and blank lines survive every write. Both CCcam.cfg and
// oscam.user treat lines starting with # as comments.

export const BEGIN_MARKER =
  '# BEGIN linedesk-agent managed entries (generated; edits between these markers are lost)';
export const END_MARKER = '# END linedesk-agent managed entries';

const BEGIN_PREFIX = '# BEGIN linedesk-agent';
const END_PREFIX = '# END linedesk-agent';

export class ConfigFileError extends Error {}

export type SplitConfig = {
  /** Text before the BEGIN marker line (or the whole file when there is no block). */
  head: string;
  /**
   * The text between the marker lines (whole lines, with their endings); null when the file has no
   * block yet. Kept as one string: the block is most of a big file and is rewritten whole anyway.
   */
  block: string | null;
  /** Text after the END marker line, including whatever followed it. */
  tail: string;
  eol: '\n' | '\r\n';
};

type MarkerLine = { start: number; end: number };

/**
 * The lines whose text, trimmed, starts with one of the marker prefixes. Walks the text once without
 * cutting it into line strings: on a server with 50,000 accounts this runs on every write.
 */
function findMarkerLines(text: string): { begins: MarkerLine[]; ends: MarkerLine[] } {
  const begins: MarkerLine[] = [];
  const ends: MarkerLine[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    let first = start;
    while (first < end && /\s/.test(text[first]!)) first++;
    if (first < end && text[first] === '#') {
      if (text.startsWith(BEGIN_PREFIX, first)) begins.push({ start, end });
      else if (text.startsWith(END_PREFIX, first)) ends.push({ start, end });
    }
    start = end;
  }
  return { begins, ends };
}

export function splitManagedBlock(text: string, fileLabel: string): SplitConfig {
  // Keep the file's own line ending so a CRLF file does not end up with mixed endings.
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const { begins, ends } = findMarkerLines(text);
  if (begins.length === 0 && ends.length === 0) return { head: text, block: null, tail: '', eol };

  const begin = begins[0];
  const end = ends[0];
  if (begins.length !== 1 || ends.length !== 1 || !begin || !end || end.start < begin.end) {
    // Guessing where the block ends could delete hand-written lines, so stop and let a human look.
    throw new ConfigFileError(
      `${fileLabel} has damaged linedesk-agent markers (expected one "${BEGIN_PREFIX}" line followed by one "${END_PREFIX}" line); fix the file by hand`,
    );
  }
  return {
    head: text.slice(0, begin.start),
    block: text.slice(begin.end, end.start),
    tail: text.slice(end.end),
    eol,
  };
}

/** Rebuilds the file with `entries` as the block content; outside text is copied unchanged. */
export function joinManagedBlock(split: SplitConfig, entries: readonly string[]): string {
  const { eol } = split;
  // One join rather than a string per line: a block can hold 50,000 accounts.
  const body = BEGIN_MARKER + eol + (entries.length > 0 ? entries.join(eol) + eol : '') + END_MARKER + eol;
  if (split.block !== null) return split.head + body + split.tail;

  // First block in this file: append it, separated by one blank line from the hand-written part.
  let head = split.head;
  if (head !== '' && !head.endsWith('\n')) head += eol;
  const lastLine =
    head
      .replace(/\r?\n$/, '')
      .split('\n')
      .pop() ?? '';
  if (head !== '' && lastLine.trim() !== '') head += eol;
  return head + body;
}

/** The parts outside the block, for finding hand-written entries; parsed separately on purpose. */
export function outsideParts(split: SplitConfig): string[] {
  return split.block !== null ? [split.head, split.tail] : [split.head];
}
