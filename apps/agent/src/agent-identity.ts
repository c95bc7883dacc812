import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './atomic-write';

/** What an identity may look like: made here (a UUID) or by an installer, never a path or spaces. */
const AGENT_ID = /^[A-Za-z0-9][A-Za-z0-9-]{7,63}$/;

export class AgentIdentityError extends Error {}

export function agentIdFile(configFile: string): string {
  return `${configFile}.linedesk-id`;
}

/**
 * The agent's own identity: random, made at its first start (or by the installer) and kept beside
 * the config file it manages. The panel binds one server record to it, so two records that reach
 * the same agent (another address, a copied record) are refused instead of deleting each other's
 * lines. It is never made again while the file exists: a new one would look like another agent.
 */
export async function loadOrCreateAgentId(file: string): Promise<string> {
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== null) {
    const id = text.trim();
    if (!AGENT_ID.test(id)) {
      throw new AgentIdentityError(
        `${file} does not hold an agent identity (8 to 64 letters, digits or dashes); restore it, or delete it to make a new one (the panel's server record must then be bound again)`,
      );
    }
    return id;
  }
  const id = randomUUID();
  await writeFileAtomic(file, `${id}\n`, { mode: 0o644 });
  return id;
}
