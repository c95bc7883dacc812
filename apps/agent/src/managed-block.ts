// The agent owns exactly the lines between two marker comments and never rewrites a byte outside
// them, so hand-written entries, comments and blank lines survive every write. Both CCcam.cfg and
// oscam.user treat lines starting with # as comments.

import { rawLines } from '@linedesk/shared/config-files';

export const BEGIN_MARKER =
  '# BEGIN linedesk-agent managed entries (generated; edits between these markers are lost)';
export const END_MARKER = '# END linedesk-agent managed entries';

const BEGIN_PREFIX = '# BEGIN linedesk-agent';
const END_PREFIX = '# END linedesk-agent';

export class ConfigFileError extends Error {}

export type SplitConfig = {
  /** Text before the BEGIN marker line (or the whole file when there is no block). */
  head: string;
  /** Lines between the markers, without line endings; null when the file has no block yet. */
  block: string[] | null;
  /** Text after the END marker line, including whatever followed it. */
  tail: string;
  eol: '\n' | '\r\n';
};

export function splitManagedBlock(text: string, fileLabel: string): SplitConfig {
  // Keep the file's own line ending so a CRLF file does not end up with mixed endings.
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = rawLines(text);
  const begins = lines.filter((line) => line.text.trim().startsWith(BEGIN_PREFIX));
  const ends = lines.filter((line) => line.text.trim().startsWith(END_PREFIX));
  if (begins.length === 0 && ends.length === 0) return { head: text, block: null, tail: '', eol };

  const begin = begins[0];
  const end = ends[0];
  if (begins.length !== 1 || ends.length !== 1 || !begin || !end || end.start < begin.end) {
    // Guessing where the block ends could delete hand-written lines, so stop and let a human look.
    throw new ConfigFileError(
      `${fileLabel} has damaged linedesk-agent markers (expected one "${BEGIN_PREFIX}" line followed by one "${END_PREFIX}" line); fix the file by hand`,
    );
  }
  const block = lines.filter((line) => line.start >= begin.end && line.end <= end.start).map((l) => l.text);
  return { head: text.slice(0, begin.start), block, tail: text.slice(end.end), eol };
}

/** Rebuilds the file with `entries` as the block content; outside text is copied unchanged. */
export function joinManagedBlock(split: SplitConfig, entries: readonly string[]): string {
  const { eol } = split;
  const body = [BEGIN_MARKER, ...entries, END_MARKER].map((line) => line + eol).join('');
  if (split.block) return split.head + body + split.tail;

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
  return split.block ? [split.head, split.tail] : [split.head];
}
