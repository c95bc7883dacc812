import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from './atomic-write';
import type { BackendName } from './config';
import { isIsoDate } from './dates';
import { isInstant } from './expiry';
import type { ManagedUser } from './line-backend';
import { validateRestrictions } from './restrictions';
import { checkExtra } from '@linedesk/shared/config-files';

// The state file is the source of truth for managed entries: CCcam.cfg cannot hold an expiry date
// or a disabled flag, and removed (expired/disabled) lines must be restorable. A list rather than
// an object keyed by username keeps insertion order even for numeric-looking usernames.
const stateSchema = z.object({
  version: z.literal(1),
  backend: z.enum(['cccam', 'oscam']),
  users: z.array(
    z.object({
      username: z.string().min(1),
      password: z.string().min(1),
      expiryDate: z.string().refine(isIsoDate, { error: 'expiryDate must be YYYY-MM-DD' }),
      expiresAt: z.string().refine(isInstant, { error: 'expiresAt must be an ISO instant' }).optional(),
      enabled: z.boolean(),
      // Checked when the panel sent them; kept as written.
      restrictions: z.record(z.string(), z.unknown()).optional(),
      // The entry's own settings, verbatim; checked like restrictions.
      extra: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});

export class StateFileError extends Error {}

// Records never change in place (a change is a new record), so each user's part of the file is
// kept with its record: a write on a server with 50,000 lines serialises only what changed.
const serialized = new WeakMap<ManagedUser, string>();

function serializeUser(user: ManagedUser): string {
  const kept = serialized.get(user);
  if (kept !== undefined) return kept;
  const { username, password, expiryDate, expiresAt, enabled, restrictions, extra } = user;
  const entry = {
    username,
    password,
    expiryDate,
    ...(expiresAt !== undefined ? { expiresAt } : {}),
    enabled,
    ...(restrictions ? { restrictions } : {}),
    ...(extra ? { extra } : {}),
  };
  // Indented as JSON.stringify(state, null, 2) indents an element of `users`.
  const text = JSON.stringify(entry, null, 2).replace(/\n/g, '\n    ');
  serialized.set(user, text);
  return text;
}

/** The same text as `JSON.stringify(state, null, 2)`, built from each user's kept part. */
export function serializeState(backend: BackendName, users: readonly ManagedUser[]): string {
  const head = `{\n  "version": 1,\n  "backend": ${JSON.stringify(backend)},\n  "users": `;
  if (users.length === 0) return `${head}[]\n}\n`;
  return `${head}[\n    ${users.map(serializeUser).join(',\n    ')}\n  ]\n}\n`;
}

/** Returns the stored users and the exact file text, or null when the file does not exist yet. */
export async function loadState(
  file: string,
  backend: BackendName,
): Promise<{ users: ManagedUser[]; text: string } | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new StateFileError(`State file ${file} is not valid JSON`);
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new StateFileError(`State file ${file} is malformed (${where})`);
  }
  if (parsed.data.backend !== backend) {
    throw new StateFileError(
      `State file ${file} belongs to the ${parsed.data.backend} backend but AGENT_BACKEND is ${backend}`,
    );
  }
  const seen = new Set<string>();
  const users: ManagedUser[] = [];
  for (const { restrictions: raw, extra: rawExtra, ...user } of parsed.data.users) {
    if (seen.has(user.username)) {
      throw new StateFileError(`State file ${file} lists user "${user.username}" twice`);
    }
    seen.add(user.username);
    const restrictions = validateRestrictions(raw, backend);
    if (!restrictions.ok) {
      throw new StateFileError(`State file ${file}: user "${user.username}": ${restrictions.message}`);
    }
    const extra = checkExtra(rawExtra, backend);
    if (!extra.ok) throw new StateFileError(`State file ${file}: user "${user.username}": ${extra.message}`);
    users.push({
      ...user,
      ...(restrictions.value ? { restrictions: restrictions.value } : {}),
      ...(extra.value ? { extra: extra.value } : {}),
    });
  }
  return { users, text };
}

export async function saveState(file: string, text: string): Promise<void> {
  // Passwords live here, so a new state file is readable by its owner only.
  await writeFileAtomic(file, text, { mode: 0o600 });
}
