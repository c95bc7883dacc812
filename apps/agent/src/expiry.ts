import { localIsoDate } from './dates';
import type { ManagedUser } from './line-backend';

// When a line stops working (docs/spec-rules.md, "Expiry"). The panel sends `expiresAt`, the
// instant the line ends (the end of its expiry date in the panel's business time zone); the agent
// holds the line to that instant whatever zone this machine runs in. A line from a panel that
// predates it has only its date, which ends with that day in this machine's local time, as OSCam
// reads expdate.

/** Whether the line has ended at `now`. */
export function lineEnded(user: Pick<ManagedUser, 'expiryDate' | 'expiresAt'>, now: Date): boolean {
  if (user.expiresAt !== undefined) return now.getTime() >= Date.parse(user.expiresAt);
  return localIsoDate(now) > user.expiryDate;
}

/**
 * OSCam's `expdate` (a local date, valid through its last second): the local day the line's last
 * moment falls in, so OSCam never ends it before the panel's instant; the agent writes the account
 * disabled at that instant (the expiry timer), which ends it exactly then.
 */
export function oscamExpdate(user: Pick<ManagedUser, 'expiryDate' | 'expiresAt'>): string {
  if (user.expiresAt === undefined) return user.expiryDate;
  return localIsoDate(new Date(Date.parse(user.expiresAt) - 1));
}

/** The next instant after `now` at which a line that works now ends, or null (none has an instant ahead). */
export function nextLineEnd(users: readonly ManagedUser[], now: Date): number | null {
  let next: number | null = null;
  for (const user of users) {
    if (!user.enabled || user.expiresAt === undefined) continue;
    const end = Date.parse(user.expiresAt);
    if (end > now.getTime() && (next === null || end < next)) next = end;
  }
  return next;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** An ISO instant in UTC as the panel sends it (`2030-06-16T00:00:00.000Z`). */
export function isInstant(value: unknown): value is string {
  return typeof value === 'string' && INSTANT.test(value) && Number.isFinite(Date.parse(value));
}
