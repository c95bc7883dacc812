import { z } from 'zod';
import { lineEntryExtraSchema } from './line-entry.js';
import { idSchema, text } from './schema-blocks.js';

/**
 * Adopting a server's hand-written accounts (entries of CCcam.cfg / oscam.user outside the agent's
 * managed block) as panel lines, with their login unchanged.
 */

/** One account the agent lists outside its block; `line_id` when a panel line already has the name. */
export const unmanagedAccountSchema = z.object({
  username: text(),
  password_set: z.boolean(),
  /** ISO date from OSCam's `expdate`; null when the entry has none (every CCcam F-line). */
  expiry_date: text().nullable(),
  enabled: z.boolean(),
  adoptable: z.boolean(),
  /** Why the agent cannot adopt it as it is, in the agent's words. */
  problems: z.array(text()),
  fingerprint: text(),
  /**
   * The entry's settings the panel models (OSCam uniq, max_connections, caid/ident, group …; CCcam
   * hops and reshare): the adopted line keeps them as its own values over its plan's.
   */
  restrictions: z.record(z.string(), z.unknown()),
  /** What the panel does not model, kept verbatim; null when the entry has nothing more. */
  extra: lineEntryExtraSchema.nullable(),
  /** The entry as the agent will write it once it manages it; null from an agent that does not say. */
  entry: text().nullable(),
});
export type UnmanagedAccount = z.infer<typeof unmanagedAccountSchema>;

export const unmanagedAccountListSchema = z.object({
  items: z.array(unmanagedAccountSchema),
  /** The server's protocol: on CCcam every entry needs the expiry date the admin picks. */
  server_protocol: text(),
});
export type UnmanagedAccountList = z.infer<typeof unmanagedAccountListSchema>;

const isoDateText = text().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'LINE_INVALID_EXPIRY_DATE' });

export const ADOPTION_MAX_ACCOUNTS = 1000;

/** The same body previews and commits an adoption. */
export const adoptionBodySchema = z.object({
  accounts: z
    .array(z.object({ username: text().min(1).max(200), fingerprint: text().min(1).max(200) }))
    .min(1)
    .max(ADOPTION_MAX_ACCOUNTS),
  owner_id: text().min(1).max(200),
  plan_id: idSchema,
  /** Charge the owner the plan's price for this many months per account; null adopts free. */
  charge_months: z
    .number({ error: 'LINE_INVALID_DURATION' })
    .int({ error: 'LINE_INVALID_DURATION' })
    .min(1, { error: 'LINE_INVALID_DURATION' })
    .max(120, { error: 'LINE_INVALID_DURATION' })
    .nullable(),
  /** The expiry of every entry that has none (CCcam's F-lines), ISO. */
  expiry_date: isoDateText.nullable(),
});
export type AdoptionBody = z.infer<typeof adoptionBodySchema>;

/**
 * Why an account is not adopted: a panel line has the name (`USERNAME_TAKEN`), the name cannot be a
 * line on this server (`USERNAME_INVALID`, `USERNAME_TOO_LONG`), the agent cannot keep the entry as
 * it is (`NOT_ADOPTABLE`), no expiry was given for an entry without one (`EXPIRY_REQUIRED`), the
 * entry is gone (`NOT_FOUND`) or was edited on the server after it was listed (`CHANGED`).
 */
export const adoptionRefusals = [
  'USERNAME_TAKEN',
  'USERNAME_INVALID',
  'USERNAME_TOO_LONG',
  'NOT_ADOPTABLE',
  'EXPIRY_REQUIRED',
  'NOT_FOUND',
  'CHANGED',
] as const;
export type AdoptionRefusal = (typeof adoptionRefusals)[number];

export const adoptionPreviewItemSchema = z.object({
  username: text(),
  status: z.enum(['adoptable', 'already_adopted', 'refused']),
  reason: z.enum(adoptionRefusals).nullable(),
  problems: z.array(text()),
  /** The line's expiry (the entry's own or the one given), ISO; null when refused for lack of one. */
  expiry_date: text().nullable(),
  /** The entry as the agent will write it (every setting it had); null when the agent does not say. */
  entry: text().nullable(),
});

export const adoptionPreviewSchema = z.object({
  items: z.array(adoptionPreviewItemSchema),
  adoptable: z.number().int(),
  refused: z.number().int(),
  /** What the adoptable accounts cost the owner (0 when not charged). */
  total_credits: z.number().int(),
  owner_balance: z.number().int(),
});
export type AdoptionPreview = z.infer<typeof adoptionPreviewSchema>;

/**
 * `pending`: the line is recorded and the agent is retried until it answers (the server could not be
 * reached now); the line is then adopted, or removed and its charge refunded.
 */
export const adoptionReportItemSchema = z.object({
  username: text(),
  status: z.enum(['adopted', 'already_adopted', 'pending', 'refused']),
  reason: z.enum(adoptionRefusals).nullable(),
  problems: z.array(text()),
  line_id: z.number().int().nullable(),
  charged: z.number().int(),
});

export const adoptionReportSchema = z.object({
  items: z.array(adoptionReportItemSchema),
  adopted: z.number().int(),
  pending: z.number().int(),
  refused: z.number().int(),
  charged: z.number().int(),
  owner_balance: z.number().int(),
});
export type AdoptionReport = z.infer<typeof adoptionReportSchema>;
