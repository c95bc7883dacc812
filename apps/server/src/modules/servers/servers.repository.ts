import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cccamServers, lines } from '../../db/schema.js';
import { pageAndTotal } from '../../db/one-snapshot.js';

export type ServerRow = typeof cccamServers.$inferSelect;
export type ServerInsert = typeof cccamServers.$inferInsert;
export type ServerUpdate = Partial<
  Pick<
    ServerInsert,
    | 'serverName'
    | 'hostIp'
    | 'hostname'
    | 'port'
    | 'apiPort'
    | 'username'
    | 'passwordEncrypted'
    | 'protocol'
    | 'newcamdDesKey'
    | 'status'
    | 'useTls'
    | 'tlsInsecure'
    | 'groupNames'
    | 'serviceNames'
  >
>;

export type TestOutcome =
  | { ok: true; version: string | null; agentId?: string | null; backend?: 'oscam' | 'cccam' | null }
  | { ok: false; error: string; version?: undefined };

const sortable = {
  server_name: cccamServers.serverName,
  host_ip: cccamServers.hostIp,
  status: cccamServers.status,
  created_at: cccamServers.createdAt,
  last_connection: cccamServers.lastConnection,
} as const;

const afterSeconds = (seconds: number) => sql`now() + (${seconds})::float8 * interval '1 second'`;

export const serversRepository = {
  async list(
    db: Db,
    input: {
      status?: ServerRow['status'];
      search?: string;
      sort?: string;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: ServerRow[]; total: number }> {
    const filters: SQL[] = [];
    if (input.status) filters.push(eq(cccamServers.status, input.status));
    if (input.search) {
      const pattern = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(or(ilike(cccamServers.serverName, pattern), ilike(cccamServers.hostIp, pattern)) as SQL);
    }
    const where = filters.length ? and(...filters) : undefined;
    const column = sortable[(input.sort ?? 'created_at') as keyof typeof sortable] ?? cccamServers.createdAt;
    const direction = input.order === 'asc' ? asc : desc;
    return pageAndTotal(
      db,
      (tx) =>
        tx
          .select()
          .from(cccamServers)
          .where(where)
          .orderBy(direction(column), direction(cccamServers.id))
          .limit(input.limit)
          .offset(input.offset),
      (tx) => tx.select({ n: count() }).from(cccamServers).where(where),
    );
  },
  async findById(db: Db, id: number): Promise<ServerRow | undefined> {
    const [row] = await db.select().from(cccamServers).where(eq(cccamServers.id, id));
    return row;
  },
  /** The record as it is now, locked until the caller's transaction ends (its tests queue). */
  async lockById(tx: Db, id: number): Promise<ServerRow | undefined> {
    const [row] = await tx.select().from(cccamServers).where(eq(cccamServers.id, id)).for('update');
    return row;
  },
  listAll(db: Db): Promise<ServerRow[]> {
    return db.select().from(cccamServers).orderBy(asc(cccamServers.id));
  },
  /** Newest first: the first one is the default server. */
  listActive(db: Db) {
    return db
      .select({
        id: cccamServers.id,
        serverName: cccamServers.serverName,
        protocol: cccamServers.protocol,
        agentBackend: cccamServers.agentBackend,
      })
      .from(cccamServers)
      .where(eq(cccamServers.status, 'active'))
      .orderBy(desc(cccamServers.createdAt), desc(cccamServers.id));
  },
  async newestActive(db: Db): Promise<ServerRow | undefined> {
    const [row] = await db
      .select()
      .from(cccamServers)
      .where(eq(cccamServers.status, 'active'))
      .orderBy(desc(cccamServers.createdAt), desc(cccamServers.id))
      .limit(1);
    return row;
  },
  async insert(db: Db, values: ServerInsert): Promise<ServerRow> {
    const [row] = await db.insert(cccamServers).values(values).returning();
    return row!;
  },
  /** `recheckSoon`: the connection changed, so the background check should look again now. */
  async update(
    db: Db,
    id: number,
    values: ServerUpdate,
    options: { recheckSoon: boolean },
  ): Promise<ServerRow | undefined> {
    const [row] = await db
      .update(cccamServers)
      // A new address or login may reach an agent installed anew on purpose: its next test binds
      // the record again (still refused while another record holds that agent).
      .set(options.recheckSoon ? { ...values, nextCheckAt: sql`now()`, agentId: null } : values)
      .where(eq(cccamServers.id, id))
      .returning();
    return row;
  },
  /**
   * The lines the server serves, as their primary or as its standby (docs/standby.md), that pointed
   * customers at `from` ("host:port") point at `to` instead, in the same place in the list; other
   * addresses a line was given are kept, and a line that listed `to` already keeps it once.
   * Returns the owners of the lines changed.
   */
  async readdressLines(db: Db, id: number, from: string, to: string): Promise<(string | null)[]> {
    const served = db
      .select({ id: cccamServers.id })
      .from(cccamServers)
      .where(or(eq(cccamServers.id, id), eq(cccamServers.standbyId, id)));
    const rows = await db
      .update(lines)
      .set({
        hostPort: sql`array(
          select e from (
            select case when e = ${from} then ${to} else e end as e, n
            from unnest(${lines.hostPort}) with ordinality as a(e, n)
          ) r group by e order by min(n))`,
        updatedAt: new Date(),
      })
      .where(and(inArray(lines.serverId, served), sql`${from} = any(${lines.hostPort})`))
      .returning({ ownerId: lines.ownerId });
    return [...new Set(rows.map((row) => row.ownerId))];
  },
  async delete(db: Db, id: number): Promise<boolean> {
    const deleted = await db
      .delete(cccamServers)
      .where(eq(cccamServers.id, id))
      .returning({ id: cccamServers.id });
    return deleted.length > 0;
  },
  /**
   * Stores a connection test's outcome and when the next background check is due. A failure keeps
   * the last known version and last_connection.
   */
  /** The record bound to this agent identity, if any. */
  async findByAgentId(db: Db, agentId: string): Promise<{ id: number; serverName: string } | undefined> {
    const [row] = await db
      .select({ id: cccamServers.id, serverName: cccamServers.serverName })
      .from(cccamServers)
      .where(eq(cccamServers.agentId, agentId));
    return row;
  },
  async recordTest(
    db: Db,
    id: number,
    outcome: TestOutcome,
    nextCheckInSeconds: number,
  ): Promise<ServerRow | undefined> {
    const [row] = await db
      .update(cccamServers)
      .set(
        outcome.ok
          ? {
              status: 'active',
              lastConnection: sql`now()`,
              lastError: null,
              version: outcome.version,
              nextCheckAt: afterSeconds(nextCheckInSeconds),
              // Bound once; the identity check before this keeps a bound record on its agent.
              ...(outcome.agentId
                ? { agentId: sql`coalesce(${cccamServers.agentId}, ${outcome.agentId})` }
                : {}),
              ...(outcome.backend ? { agentBackend: outcome.backend } : {}),
            }
          : { status: 'error', lastError: outcome.error, nextCheckAt: afterSeconds(nextCheckInSeconds) },
      )
      .where(eq(cccamServers.id, id))
      .returning();
    return row;
  },
  /**
   * Takes one due active or error server for this instance and pushes its next check out by
   * `leaseSeconds`, in one statement. SKIP LOCKED lets other instances claim other rows at the same
   * time instead of waiting for, and then re-testing, this one.
   */
  async claimDue(db: Db, leaseSeconds: number): Promise<ServerRow | undefined> {
    const due = sql`(
      select ${cccamServers.id} from ${cccamServers}
      where ${cccamServers.status} in ('active', 'error') and ${cccamServers.nextCheckAt} <= now()
      order by ${cccamServers.nextCheckAt}
      limit 1
      for update skip locked
    )`;
    const [row] = await db
      .update(cccamServers)
      .set({ nextCheckAt: afterSeconds(leaseSeconds) })
      .where(eq(cccamServers.id, due))
      .returning();
    return row;
  },
};
