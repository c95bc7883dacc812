import { z } from 'zod';
import { OSCAM_ONLY_RESTRICTION_KEYS } from './line-config-settings.js';
import { compactRestrictions, lineRestrictionsSchema, type LineRestrictions } from './line-plan.js';

/**
 * A line's entry on its server is its login, expiry and enabled flag, its restrictions (the plan's,
 * overridden key by key by the line's own "kept from the server" values) and its `extra`: what the
 * panel does not model, kept verbatim so that no change of the line ever drops an operator's setting.
 */

/**
 * OSCam: the `[account]` section's other lines (unknown keys, comments, a modeled key whose value
 * the panel cannot model), in file order as written. CCcam: the F-line's text after the password.
 */
export const lineEntryExtraSchema = z.union([
  z.strictObject({ oscam: z.array(z.string().max(4000)).max(500) }),
  z.strictObject({ cccam: z.string().max(4000) }),
]);
export type LineEntryExtra = z.infer<typeof lineEntryExtraSchema>;

/**
 * A line's own restriction values, read from its entry on the server. Keys this panel version does
 * not know are kept as they came (the agent that sent them writes them back), never dropped.
 */
export const restrictionOverridesSchema = lineRestrictionsSchema.loose();

/**
 * Overrides as stored: the keys that hold a value, and the keys explicitly set to none (`null`:
 * the line's entry has no such key, whatever its plan says). A key absent is the plan's.
 */
export function compactOverrides(value: Record<string, unknown>): LineRestrictions {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as LineRestrictions;
}

/** Overrides an admin set on the line page, as stored: values as a plan stores them, `null` kept as "none". */
export function editedOverrides(value: LineRestrictions): LineRestrictions {
  const none = Object.entries(value).flatMap(([key, v]) => (v === null ? [[key, null]] : []));
  return { ...compactRestrictions(value), ...Object.fromEntries(none) } as LineRestrictions;
}

/**
 * The overrides an entry read from a server keeps on a plan: its own values, and `null` ("none")
 * for each key the plan sets that the entry did not have, so the line is written as the entry was
 * (an account without `max_connections` on a plan of 2 stays without it) until an admin changes it.
 */
export function keptOverrides(
  plan: LineRestrictions,
  entry: LineRestrictions,
  format: 'oscam' | 'cccam',
): LineRestrictions {
  const own = compactOverrides(entry) as Record<string, unknown>;
  // An F-line cannot hold OSCam's keys at all: "none" there would say nothing about the entry.
  const none = Object.keys(compactRestrictions(plan)).filter(
    (key) =>
      !(key in own) &&
      !(format === 'cccam' && (OSCAM_ONLY_RESTRICTION_KEYS as readonly string[]).includes(key)),
  );
  return { ...own, ...Object.fromEntries(none.map((key) => [key, null])) } as LineRestrictions;
}

/**
 * What the agent is sent for a line: the plan's restrictions with the line's own values over them
 * key by key, a key the line sets to none left out; undefined when that is nothing. The SQL twin is
 * `line-outbox.repository.ts`'s `currentPayload` (`jsonb_strip_nulls(p.restrictions ||
 * u.restriction_overrides)`, both stored compact).
 */
export function lineEntryRestrictions(
  plan: LineRestrictions,
  overrides: LineRestrictions | null | undefined,
): LineRestrictions | undefined {
  const merged: Record<string, unknown> = {
    ...compactRestrictions(plan),
    ...compactOverrides(overrides ?? {}),
  };
  for (const key of Object.keys(merged)) if (merged[key] === null) delete merged[key];
  return Object.keys(merged).length > 0 ? (merged as LineRestrictions) : undefined;
}

/** An account read from another server's config file for an import: the line keeps all of it. */
export type ImportedEntry = {
  /** The modeled keys that parsed: the line's own values over its plan's (checked when used). */
  restrictions: Record<string, unknown>;
  extra: LineEntryExtra | null;
  /** The entry as the file has it (an F-line, or the `[account]` section's lines). */
  text: string;
  /** What keeps it from being taken over as it is (keys given twice, a `disabled` not 0 or 1 …). */
  problems: { code: string; message: string }[];
};
