/**
 * What an OSCam `[account]` section's package keys accept (oscam-config-account.c). Import-free on
 * purpose: the line agent's bundle can take this file alone to validate the same way.
 */

/** OSCam's `group` numbers: 1 to 64 (group_fn keeps only 0 < g < 65). */
export const OSCAM_GROUP_MIN = 1;
export const OSCAM_GROUP_MAX = 64;

/**
 * A label of oscam.services (`[sky]`), as `services` names it; a leading `!` denies it. Nothing that
 * would split the comma-joined value or end the line in oscam.user.
 */
export const OSCAM_SERVICE_NAME = /^!?[^\s,;=#[\]!]{1,63}$/;

/** OSCam `au`: `1` (every reader) or reader labels, comma-separated. */
export const OSCAM_AU_VALUE = /^[^\s,;=#[\]]{1,63}(,[^\s,;=#[\]]{1,63})*$/;

/**
 * OSCam's `allowedtimeframe` account key, as oscam-config-account.c reads it:
 *
 *     allowedtimeframe = [DAY@]HH:MM-HH:MM[,HH:MM-HH:MM]...[;DAY@HH:MM-HH:MM[,...]]...
 *
 * DAY is SUN, MON, TUE, WED, THU, FRI, SAT or ALL (any case: OSCam upper-cases the value); a part
 * without `DAY@` is ALL. A window whose end is before its start runs over midnight (22:00-05:00);
 * 24:00 is the end of the day. OSCam itself only warns about a window it cannot read and then lets
 * the account watch at any time, so the panel refuses what OSCam would not read instead of writing a
 * window that silently means "always".
 */

const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'ALL'] as const;
export type OscamTimeframeDay = (typeof DAYS)[number];

/** One day's windows, each in minutes from midnight: [start, end), end up to 1440. */
export type OscamTimeframePart = { day: OscamTimeframeDay; windows: { start: number; end: number }[] };

const TIME = /^(\d{1,2}):(\d{2})$/;

function minutes(value: string, isEnd: boolean): number | null {
  const match = TIME.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const mins = Number(match[2]);
  if (mins > 59) return null;
  if (hours === 24 && mins === 0 && isEnd) return 1440;
  if (hours > 23) return null;
  return hours * 60 + mins;
}

/** The parts of an `allowedtimeframe` value, or null when OSCam could not read all of it. */
export function parseOscamTimeframe(value: string): OscamTimeframePart[] | null {
  const text = value.trim();
  if (text === '' || text.length > 512) return null;
  const parts: OscamTimeframePart[] = [];
  for (const rawPart of text.split(';')) {
    const part = rawPart.trim();
    if (part === '') return null;
    const at = part.indexOf('@');
    const dayText = at === -1 ? 'ALL' : part.slice(0, at).trim().toUpperCase();
    const day = DAYS.find((d) => d === dayText);
    if (!day) return null;
    const windows: { start: number; end: number }[] = [];
    for (const rawWindow of part.slice(at + 1).split(',')) {
      const [from, to, ...rest] = rawWindow.split('-');
      if (from === undefined || to === undefined || rest.length > 0) return null;
      const start = minutes(from, false);
      const end = minutes(to, true);
      if (start === null || end === null) return null;
      windows.push({ start, end });
    }
    parts.push({ day, windows });
  }
  return parts;
}

export function isOscamTimeframe(value: string): boolean {
  return parseOscamTimeframe(value) !== null;
}
