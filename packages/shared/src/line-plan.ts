import { z } from 'zod';
import { nonEmptyPatch, text } from './schema-blocks.js';
import { linePrices, subscriptionMonths } from './line-prices.js';
import {
  isAllowedTimeframe,
  isAuValue,
  isServiceList,
  OSCAM_MAX_GROUP,
  OSCAM_MAX_SERVICES,
  RESTRICTION_KEYS,
} from './line-config-files.js';
import { sharingStepsSchema, sharingStepValueSchema } from './sharing-steps.js';

/**
 * Line plans: an admin's named offer with its own price per duration and the limits the line's
 * server enforces. The spec's cost table is the default plan (seeded, never archived).
 */

/** The default plan's id (the migration seeds it). */
export const DEFAULT_LINE_PLAN_ID = 1;

export const MAX_PLAN_CREDITS = 100_000;

/** Protocols OSCam can be told to accept for an account (`allowedprotocols`). */
export const planProtocols = ['cccam', 'newcamd', 'camd35', 'cs378x', 'cs357x', 'radegast', 'gbox'] as const;
export type PlanProtocol = (typeof planProtocols)[number];

const caidSchema = z
  .string()
  .regex(/^[0-9A-Fa-f]{4}$/, { error: 'LINE_PLAN_INVALID_CAID' })
  .transform((v) => v.toUpperCase());
const identSchema = z
  .string()
  .regex(/^[0-9A-Fa-f]{6}$/, { error: 'LINE_PLAN_INVALID_CAID' })
  .transform((v) => v.toUpperCase());

export const oscamGroupSchema = z
  .number({ error: 'LINE_PLAN_INVALID_GROUP' })
  .int({ error: 'LINE_PLAN_INVALID_GROUP' })
  .min(1, { error: 'LINE_PLAN_INVALID_GROUP' })
  .max(OSCAM_MAX_GROUP, { error: 'LINE_PLAN_INVALID_GROUP' });

// The syntax rules are line-config-files.ts's, the same the agent and the import apply.
const serviceNameSchema = text()
  .trim()
  .refine((name) => isServiceList([name]), { error: 'LINE_PLAN_INVALID_SERVICE' });

const auSchema = text().trim().refine(isAuValue, { error: 'LINE_PLAN_INVALID_AU' });

const timeframeSchema = text().trim().refine(isAllowedTimeframe, { error: 'LINE_PLAN_INVALID_TIMEFRAME' });

export const planCaidSchema = z.object({
  caid: caidSchema,
  /** Empty: every ident of the CAID. */
  idents: z.array(identSchema).max(32).default([]),
});

/**
 * What the line's server enforces. Absent or null fields leave the server's own default, so a plan
 * without restrictions writes its lines exactly as lines were written before plans existed.
 */
export const lineRestrictionsSchema = z.object({
  /** OSCam `max_connections` (enforced by OSCam only together with `uniq`). */
  max_connections: z.number().int().min(1).max(1000).nullish(),
  /** OSCam `uniq` 0–4 (1: one connection; 3/4: the newest login wins). */
  uniq: z.number().int().min(0).max(4).nullish(),
  /** OSCam `caid`/`ident`; not expressible on CCcam (its F-line braces only deny). */
  caids: z.array(planCaidSchema).max(32).nullish(),
  /** OSCam `cccmaxhops`, CCcam F-line uphops: how far away the cards the line sees may be. */
  cccam_hops: z.number().int().min(0).max(9).nullish(),
  /** OSCam `cccreshare`, CCcam `{ 0:0:N }` downhops: how far the line may reshare. */
  cccam_reshare: z.number().int().min(0).max(9).nullish(),
  /** OSCam `allowedprotocols`; empty or absent: every protocol. */
  allowed_protocols: z.array(z.enum(planProtocols)).max(planProtocols.length).nullish(),
  /**
   * OSCam `group`: the packages (reader groups) the line sees. `[]`: no `group` line at all;
   * absent or null: the agent's default group (AGENT_OSCAM_GROUP).
   */
  groups: z.array(oscamGroupSchema).max(OSCAM_MAX_GROUP).nullish(),
  /** OSCam `services`: labels of oscam.services the line may (or, with `!`, may not) watch. */
  services: z
    .array(serviceNameSchema)
    .max(OSCAM_MAX_SERVICES * 2, { error: 'LINE_PLAN_INVALID_SERVICE' })
    .nullish(),
  /** OSCam `allowedtimeframe`, in OSCam's own syntax (oscam-timeframe.ts). */
  allowed_timeframe: timeframeSchema.nullish(),
  /** OSCam `au`: `1` for every reader, or reader labels comma-separated. */
  au: auSchema.nullish(),
});
export type LineRestrictions = z.infer<typeof lineRestrictionsSchema>;

/** Restrictions as the API answers them (checked on the way in): each key absent, null or its value. */
export const lineRestrictionsValueSchema = z.object({
  max_connections: z.number().int().nullable().optional(),
  uniq: z.number().int().nullable().optional(),
  caids: z
    .array(z.object({ caid: text(), idents: z.array(text()) }))
    .nullable()
    .optional(),
  cccam_hops: z.number().int().nullable().optional(),
  cccam_reshare: z.number().int().nullable().optional(),
  allowed_protocols: z.array(text()).nullable().optional(),
  groups: z.array(z.number().int()).nullable().optional(),
  services: z.array(text()).nullable().optional(),
  allowed_timeframe: text().nullable().optional(),
  au: text().nullable().optional(),
});

export const planPriceSchema = z.object({
  months: z.number().int(),
  credits: z.number().int(),
});
export type PlanPrice = z.infer<typeof planPriceSchema>;

const planPricesBodySchema = z
  .array(
    z.object({
      months: z.number({ error: 'LINE_INVALID_DURATION' }).int().min(1).max(120),
      credits: z
        .number({ error: 'LINE_PLAN_INVALID_PRICES' })
        .int({ error: 'LINE_PLAN_INVALID_PRICES' })
        .min(0, { error: 'LINE_PLAN_INVALID_PRICES' })
        .max(MAX_PLAN_CREDITS, { error: 'LINE_PLAN_INVALID_PRICES' }),
    }),
  )
  .min(1, { error: 'LINE_PLAN_INVALID_PRICES' })
  .max(24, { error: 'LINE_PLAN_INVALID_PRICES' })
  .refine((prices) => new Set(prices.map((p) => p.months)).size === prices.length, {
    error: 'LINE_PLAN_INVALID_PRICES',
  })
  .transform((prices) => [...prices].sort((a, b) => a.months - b.months));

export const linePlanSchema = z.object({
  id: z.number().int(),
  name: text(),
  prices: z.array(planPriceSchema),
  restrictions: z.object({
    max_connections: z.number().int().nullable(),
    uniq: z.number().int().nullable(),
    caids: z.array(z.object({ caid: text(), idents: z.array(text()) })),
    cccam_hops: z.number().int().nullable(),
    cccam_reshare: z.number().int().nullable(),
    allowed_protocols: z.array(text()),
    /** Null: the agent's default group; [] writes no `group` line. */
    groups: z.array(z.number().int()).nullable(),
    services: z.array(text()),
    allowed_timeframe: text().nullable(),
    au: text().nullable(),
  }),
  /**
   * The plan's groups by the names the servers give them ("packages"), in the plan's group order:
   * what resellers are shown instead of numbers. A group no server names is shown as its number.
   */
  packages: z.array(text()),
  /** The plan's anti-sharing ladder (sharing-steps.ts); [] takes no step. */
  sharing_steps: z.array(sharingStepValueSchema),
  is_default: z.boolean(),
  archived: z.boolean(),
  /** Lines on the plan (admins only; null for resellers). */
  line_count: z.number().int().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type LinePlan = z.infer<typeof linePlanSchema>;

export const linePlanBodySchema = z.object({
  name: text().trim().min(1).max(100),
  prices: planPricesBodySchema,
  restrictions: lineRestrictionsSchema.default({}),
  sharing_steps: sharingStepsSchema.default([]),
});
export type LinePlanBody = z.input<typeof linePlanBodySchema>;

export const linePlanPatchSchema = nonEmptyPatch(
  z.object({
    name: linePlanBodySchema.shape.name.optional(),
    prices: planPricesBodySchema.optional(),
    restrictions: lineRestrictionsSchema.optional(),
    sharing_steps: sharingStepsSchema.optional(),
    /** Archived plans keep their lines (renewable at the plan's price) but take no new ones. */
    archived: z.boolean().optional(),
  }),
);
export type LinePlanPatch = z.infer<typeof linePlanPatchSchema>;

export const linePlanListQuerySchema = z.object({
  include_archived: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** The spec's cost table as plan prices: the default plan's. */
export function defaultPlanPrices(): PlanPrice[] {
  return subscriptionMonths.map((months) => ({ months, credits: linePrices[months] }));
}

/**
 * What a line of `months` costs its creator or renewer: the one pricing rule of server and web.
 * Admins and trials pay nothing; null when the plan does not offer that duration.
 */
/** Administrators are never charged, and a trial line is free for everyone: one rule for server and web. */
export function chargesNothing(who: { isAdmin: boolean; isTrial?: boolean }): boolean {
  return who.isAdmin || who.isTrial === true;
}

export function planLinePrice(
  prices: readonly PlanPrice[],
  months: number,
  who: { isAdmin: boolean; isTrial?: boolean },
): number | null {
  const price = prices.find((p) => p.months === months);
  if (!price) return null;
  return chargesNothing(who) ? 0 : price.credits;
}

/** Why a line cannot move to another plan, whoever asks. */
export type PlanChangeRefusal = 'LINE_PLAN_DURATION_NOT_OFFERED' | 'LINE_PLAN_CHANGE_TRIAL';

/**
 * What moving a line to another plan costs: the line keeps its expiry, so a reseller pays what the
 * new plan's price for the line's paid duration adds over the current plan's, never less than 0 (a
 * cheaper plan refunds nothing); otherwise a line sold on a cheap plan would get a dearer plan's
 * limits for free. Admins pay nothing. The paid duration must be one the new plan sells.
 *
 * A trial (or any line without a paid duration) has no price to compare, so only an admin may move
 * it, at no charge; a reseller renews it first. A current plan that no longer sells the line's
 * duration counts as 0, so the move costs the new plan's full price rather than nothing.
 */
export function planChangeCharge(
  from: readonly PlanPrice[],
  to: readonly PlanPrice[],
  line: { months: number | null; isTrial: boolean },
  who: { isAdmin: boolean },
): { charge: number } | { refusal: PlanChangeRefusal; months?: number } {
  if (line.months === null || line.isTrial) {
    return who.isAdmin ? { charge: 0 } : { refusal: 'LINE_PLAN_CHANGE_TRIAL' };
  }
  const next = planLinePrice(to, line.months, { isAdmin: false });
  if (next === null) return { refusal: 'LINE_PLAN_DURATION_NOT_OFFERED', months: line.months };
  if (who.isAdmin) return { charge: 0 };
  const current = planLinePrice(from, line.months, { isAdmin: false }) ?? 0;
  return { charge: Math.max(0, next - current) };
}

/**
 * Whether a line of this plan can log in to a server speaking `serverProtocol` (the server's
 * 'CCcam' or 'NewCamd'): a plan that names its protocols must name the server's.
 */
export function planAllowsServerProtocol(
  restrictions: Pick<LineRestrictions, 'allowed_protocols'>,
  serverProtocol: string,
): boolean {
  const allowed = restrictions.allowed_protocols ?? [];
  return allowed.length === 0 || allowed.some((protocol) => protocol === serverProtocol.toLowerCase());
}

/** The restrictions with only what is set: `{}` for a plan without restrictions. */
export function compactRestrictions(value: LineRestrictions): LineRestrictions {
  const out: LineRestrictions = {};
  if (value.max_connections != null) out.max_connections = value.max_connections;
  if (value.uniq != null) out.uniq = value.uniq;
  if (value.caids && value.caids.length > 0) out.caids = value.caids;
  if (value.cccam_hops != null) out.cccam_hops = value.cccam_hops;
  if (value.cccam_reshare != null) out.cccam_reshare = value.cccam_reshare;
  if (value.allowed_protocols && value.allowed_protocols.length > 0) {
    out.allowed_protocols = [...new Set(value.allowed_protocols)];
  }
  // An empty list is kept: it writes an account without any `group` line, unlike no list at all.
  if (value.groups) out.groups = [...new Set(value.groups)].sort((a, b) => a - b);
  if (value.services && value.services.length > 0) out.services = [...new Set(value.services)];
  if (value.allowed_timeframe) out.allowed_timeframe = value.allowed_timeframe;
  if (value.au) out.au = value.au;
  return out;
}

/** The keys a line's own values can override, per key, on its plan's restrictions: an entry's. */
export const restrictionKeys = RESTRICTION_KEYS satisfies readonly (keyof LineRestrictions)[];
export type RestrictionKey = (typeof restrictionKeys)[number];

/** A server's names for its OSCam groups (`{"1": "Sports"}`) and its oscam.services labels. */
export type ServerPackages = {
  group_names: Readonly<Record<string, string>>;
  service_names: readonly string[];
};

export type PackageRefusal =
  | { code: 'LINE_PLAN_GROUP_UNKNOWN'; params: { group: number; server: string } }
  | { code: 'LINE_PLAN_SERVICE_UNKNOWN'; params: { service: string; server: string } };

/**
 * Whether a line with these restrictions can live on this server: every group it uses must be one
 * the server names (a package the admin never set up there would give the customer nothing, or
 * someone else's cards), and every service one of the server's services when the server lists them.
 */
export function packagesRefusal(
  restrictions: Pick<LineRestrictions, 'groups' | 'services'>,
  server: ServerPackages & { server_name: string },
): PackageRefusal | null {
  for (const group of restrictions.groups ?? []) {
    if (!server.group_names[String(group)]) {
      return { code: 'LINE_PLAN_GROUP_UNKNOWN', params: { group, server: server.server_name } };
    }
  }
  if (server.service_names.length > 0) {
    const known = new Set(server.service_names.map((name) => name.toLowerCase()));
    for (const service of restrictions.services ?? []) {
      const name = service.replace(/^!/, '');
      if (!known.has(name.toLowerCase())) {
        return { code: 'LINE_PLAN_SERVICE_UNKNOWN', params: { service: name, server: server.server_name } };
      }
    }
  }
  return null;
}

/**
 * Groups by name: each group's name on the servers given (the distinct names joined with " / "
 * when servers name it differently), else its number.
 */
export function packageNames(
  groups: readonly number[] | null | undefined,
  servers: readonly Pick<ServerPackages, 'group_names'>[],
): string[] {
  return (groups ?? []).map((group) => {
    const names = [
      ...new Set(servers.map((s) => s.group_names[String(group)]).filter((n): n is string => !!n)),
    ];
    return names.length > 0 ? names.join(' / ') : String(group);
  });
}
