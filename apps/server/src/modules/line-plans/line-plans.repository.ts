import {
  packageNames,
  type LinePlan,
  type LineRestrictions,
  type PlanPrice,
  type SharingStep,
  type ServerPackages,
} from '@linedesk/shared';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cccamServers, linePlans, lines } from '../../db/schema.js';

export type LinePlanRow = typeof linePlans.$inferSelect;
export type LinePlanValues = {
  name: string;
  prices: PlanPrice[];
  restrictions: LineRestrictions;
  sharingSteps?: SharingStep[];
  archived?: boolean;
};

/** `servers`: every server's group names, which name the plan's groups as packages. */
export function toLinePlan(
  row: LinePlanRow,
  lineCount: number | null,
  servers: readonly Pick<ServerPackages, 'group_names'>[],
): LinePlan {
  const r = row.restrictions;
  return {
    id: row.id,
    name: row.name,
    prices: row.prices,
    restrictions: {
      max_connections: r.max_connections ?? null,
      uniq: r.uniq ?? null,
      caids: (r.caids ?? []).map((c) => ({ caid: c.caid, idents: c.idents ?? [] })),
      cccam_hops: r.cccam_hops ?? null,
      cccam_reshare: r.cccam_reshare ?? null,
      allowed_protocols: r.allowed_protocols ?? [],
      groups: r.groups ?? null,
      services: r.services ?? [],
      allowed_timeframe: r.allowed_timeframe ?? null,
      au: r.au ?? null,
    },
    packages: packageNames(r.groups, servers),
    sharing_steps: row.sharingSteps,
    is_default: row.isDefault,
    archived: row.archived,
    line_count: lineCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const linePlansRepository = {
  list(db: Db, input: { includeArchived: boolean }): Promise<LinePlanRow[]> {
    return db
      .select()
      .from(linePlans)
      .where(input.includeArchived ? undefined : eq(linePlans.archived, false))
      .orderBy(asc(linePlans.id));
  },
  async findById(db: Db, id: number): Promise<LinePlanRow | undefined> {
    const [row] = await db.select().from(linePlans).where(eq(linePlans.id, id));
    return row;
  },
  async findDefault(db: Db): Promise<LinePlanRow | undefined> {
    const [row] = await db.select().from(linePlans).where(eq(linePlans.isDefault, true)).limit(1);
    return row;
  },
  /** Lines per plan, for the plans given (index users_plan_idx). */
  async lineCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ planId: lines.planId, n: count() })
      .from(lines)
      .where(inArray(lines.planId, ids))
      .groupBy(lines.planId);
    return new Map(rows.map((row) => [row.planId, row.n]));
  },
  /** Every server's names for its groups and services (a handful of rows). */
  async serverPackages(db: Db): Promise<(ServerPackages & { id: number; server_name: string })[]> {
    const rows = await db
      .select({
        id: cccamServers.id,
        serverName: cccamServers.serverName,
        groupNames: cccamServers.groupNames,
        serviceNames: cccamServers.serviceNames,
      })
      .from(cccamServers);
    return rows.map((row) => ({
      id: row.id,
      server_name: row.serverName,
      group_names: row.groupNames,
      service_names: row.serviceNames,
    }));
  },
  /** The servers the plan's lines are on. */
  async serverIdsOfPlan(db: Db, id: number): Promise<number[]> {
    const rows = await db
      .selectDistinct({ serverId: lines.serverId })
      .from(lines)
      .where(eq(lines.planId, id));
    return rows.map((row) => row.serverId).filter((sid): sid is number => sid !== null);
  },
  async insert(db: Db, values: LinePlanValues): Promise<LinePlanRow> {
    const [row] = await db.insert(linePlans).values(values).returning();
    return row!;
  },
  async update(db: Db, id: number, values: Partial<LinePlanValues>): Promise<LinePlanRow | undefined> {
    const [row] = await db
      .update(linePlans)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(linePlans.id, id))
      .returning();
    return row;
  },
};
