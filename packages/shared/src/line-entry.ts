import { z } from 'zod';
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

/** Overrides as stored: only the keys that hold a value. */
export function compactOverrides(value: Record<string, unknown>): LineRestrictions {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined),
  ) as LineRestrictions;
}

/**
 * What the agent is sent for a line: the plan's restrictions with the line's own values over them
 * key by key; undefined when that is nothing. The SQL twin is `line-outbox.repository.ts`'s
 * `currentPayload` (`p.restrictions || u.restriction_overrides`, both stored compact).
 */
export function lineEntryRestrictions(
  plan: LineRestrictions,
  overrides: LineRestrictions | null | undefined,
): LineRestrictions | undefined {
  const merged = { ...compactRestrictions(plan), ...compactOverrides(overrides ?? {}) };
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/** An account read from another server's config file for an import: the line keeps all of it. */
export type ImportedEntry = {
  /** The modeled keys that parsed: the line's own values over its plan's. */
  restrictions: LineRestrictions;
  extra: LineEntryExtra | null;
  /** The entry as the file has it (an F-line, or the `[account]` section's lines). */
  text: string;
};
