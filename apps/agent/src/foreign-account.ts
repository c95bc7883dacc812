import { createHash } from 'node:crypto';
import { credentialProblem } from './credentials';
import type { Restrictions } from './restrictions';

/**
 * An entry of the config file outside the managed block, as the backend read it. `start`/`end` are
 * offsets in the part of the file it was read from, so adoption can cut exactly its bytes.
 */
export type ForeignAccount = {
  username: string;
  start: number;
  end: number;
  /** The entry's exact text; its hash is the fingerprint a preview hands back on adoption. */
  text: string;
  password: string | null;
  /** ISO YYYY-MM-DD; null when the entry carries none (every CCcam F-line). */
  expiryDate: string | null;
  enabled: boolean;
  restrictions?: Restrictions;
  /** Why the agent could not write this entry back unchanged; empty when it can be adopted. */
  problems: string[];
};

export function fingerprintOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Problems every format shares: the login must be one the agent may write at all. */
export function credentialProblems(username: string, password: string | null): string[] {
  const problems: string[] = [];
  const user = credentialProblem('Username', username);
  if (user) problems.push(user);
  if (password === null) problems.push('No password is set');
  else {
    const pass = credentialProblem('Password', password);
    if (pass) problems.push(pass);
  }
  return problems;
}
