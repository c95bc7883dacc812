import { createHash } from 'node:crypto';
import type { ConfigEntry } from '@linedesk/shared/config-files';
import type { Restrictions } from './restrictions';

/**
 * An entry of the config file outside the managed block, as the backend read it. `start`/`end` are
 * offsets in the part of the file it was read from (`part`: 0 before the managed block, 1 after
 * it), so adoption can cut exactly its bytes; `text` is its exact text, whose hash is the
 * fingerprint a preview hands back on adoption.
 */
export type ForeignAccount = Omit<ConfigEntry, 'restrictions' | 'problems'> & {
  part: number;
  /** Absent when the entry has none the panel models. */
  restrictions?: Restrictions;
  /** Why the agent cannot take this entry over (real conflicts only); empty when it can. */
  problems: string[];
};

/** The agent's view of a read entry: problems as the English texts its answers carry. */
export function foreignAccount(
  { restrictions, problems, ...entry }: ConfigEntry,
  part: number,
): ForeignAccount {
  return {
    ...entry,
    part,
    ...(Object.keys(restrictions).length > 0 ? { restrictions } : {}),
    problems: problems.map((problem) => problem.message),
  };
}

export function fingerprintOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
