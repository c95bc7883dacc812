import { z } from 'zod';

/**
 * Where a line may be used from (docs/locks.md): the countries (ISO 3166-1 alpha-2) and networks
 * (ASNs) allowed, each empty for "any", and whether addresses of hosting and datacenter networks are
 * refused. A line's own lock replaces its plan's whole.
 */
export const lineLockSchema = z.object({
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(250)
    .transform((list) => [...new Set(list)]),
  asns: z
    .array(z.number().int().min(1).max(4_294_967_295))
    .max(500)
    .transform((list) => [...new Set(list)]),
  no_datacenters: z.boolean(),
});
export type LineLock = z.infer<typeof lineLockSchema>;

/** The lock as answered: the same fields, read back as stored. */
export const lineLockValueSchema = z.object({
  countries: z.array(z.string()),
  asns: z.array(z.number().int()),
  no_datacenters: z.boolean(),
});

/** Why a connection is outside its line's lock. */
export const lockReasons = ['country', 'network', 'datacenter'] as const;
export type LockReason = (typeof lockReasons)[number];

/** What the panel did about a violation: ended the connection on its server, or only recorded it. */
export const lockActions = ['disconnected', 'reported'] as const;
export type LockAction = (typeof lockActions)[number];

/** Where an address is, as far as the offline databases know (null: unknown). */
export type LockPlace = { country: string | null; asn: number | null; datacenter: boolean };

/** Whether a lock restricts anything at all (an empty lock is no lock). */
export function lockRestricts(lock: LineLock | null): lock is LineLock {
  return lock !== null && (lock.countries.length > 0 || lock.asns.length > 0 || lock.no_datacenters);
}

/** The lock a line is held to: its own when it has one, else its plan's. */
export function effectiveLock(own: LineLock | null, plan: LineLock | null): LineLock | null {
  return own ?? plan;
}

/**
 * Why a connection from `place` breaks `lock`, or null when it does not. An address whose country or
 * network the databases cannot tell (private addresses; IPv6 networks) is not held against the line
 * for that part: the panel reports what it knows, never a guess.
 */
export function lockViolation(lock: LineLock | null, place: LockPlace): LockReason | null {
  if (!lock) return null;
  if (lock.countries.length > 0 && place.country !== null && !lock.countries.includes(place.country)) {
    return 'country';
  }
  if (lock.asns.length > 0 && place.asn !== null && !lock.asns.includes(place.asn)) return 'network';
  if (lock.no_datacenters && place.datacenter) return 'datacenter';
  return null;
}

export const lockViolationSchema = z.object({
  id: z.number().int(),
  server_id: z.number().int().nullable(),
  server_name: z.string().nullable(),
  ip: z.string(),
  country: z.string().nullable(),
  asn: z.number().int().nullable(),
  network: z.string().nullable(),
  reason: z.enum(lockReasons),
  action: z.enum(lockActions),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** Null while the address is still connected outside the lock. */
  ended_at: z.string().nullable(),
});
export type LockViolation = z.infer<typeof lockViolationSchema>;

/** A plan's lock; null: the plan has none. */
export const planLockSchema = z.object({ lock: lineLockValueSchema.nullable() });
export type PlanLock = z.infer<typeof planLockSchema>;
export const lockBodySchema = z.object({ lock: lineLockSchema.nullable() });
export type LockBody = z.infer<typeof lockBodySchema>;

/** A line's lock: its own, its plan's, the one in force, and the violations seen (newest first). */
export const lineLockStateSchema = z.object({
  own: lineLockValueSchema.nullable(),
  plan: lineLockValueSchema.nullable(),
  effective: lineLockValueSchema.nullable(),
  /** Whether the line's server can end a violating connection (OSCam), or only report it (CCcam). */
  enforced: z.boolean(),
  violations: z.array(lockViolationSchema),
});
export type LineLockState = z.infer<typeof lineLockStateSchema>;
