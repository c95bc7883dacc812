import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cccamServers, type ecmPolls, type lineConnectionPolls } from '../../db/schema.js';

/** A table with one row per active server saying when it is next read (live connections, ECM). */
type ServerPollTable = typeof lineConnectionPolls | typeof ecmPolls;

const afterSeconds = (seconds: number) => sql`now() + (${seconds})::float8 * interval '1 second'`;

/** The queries of one kind of per-server reading: its rows, the claim of a due one, and the outcome. */
export function serverPollsRepository(table: ServerPollTable) {
  /** The server's row while it is as `claimDue` left it for the read that got `claim`. */
  const heldBy = (serverId: number, claim: string) =>
    and(eq(table.serverId, serverId), sql`${table.nextPollAt} = ${claim}::timestamptz`);
  return {
    /** Gives every active server a poll row (due now) if it has none yet. */
    async addMissingPolls(db: Db): Promise<void> {
      await db.execute(sql`
        insert into ${table} (server_id)
        select ${cccamServers.id} from ${cccamServers} where ${cccamServers.status} = 'active'
        on conflict do nothing`);
    },
    /**
     * Takes one active server whose read is due and pushes its next read out by `leaseSeconds`, in
     * one statement; SKIP LOCKED lets other instances take other servers meanwhile. The claim it
     * answers (the new due time, exactly as stored) is what the read's writes check they still hold.
     */
    async claimDue(db: Db, leaseSeconds: number): Promise<{ serverId: number; claim: string } | undefined> {
      const due = sql`(
        select p.server_id from ${table} p
        join ${cccamServers} s on s.id = p.server_id
        where s.status = 'active' and p.next_poll_at <= now()
        order by p.next_poll_at
        limit 1
        for update of p skip locked
      )`;
      const [row] = await db
        .update(table)
        .set({ nextPollAt: afterSeconds(leaseSeconds) })
        .where(eq(table.serverId, due))
        .returning({ serverId: table.serverId, claim: sql<string>`${table.nextPollAt}::text` });
      return row;
    },
    /**
     * Whether the read claimed with `claim` still holds its server, locking its row until the
     * caller's transaction ends. A read that ran past its lease may have been claimed again (by
     * another instance) and stored since: a reading older than one stored must not be stored after it.
     */
    async holdsClaim(tx: Db, serverId: number, claim: string): Promise<boolean> {
      const held = await tx
        .select({ serverId: table.serverId })
        .from(table)
        .where(heldBy(serverId, claim))
        .for('update');
      return held.length > 0;
    },
    /**
     * Records the outcome of the read that holds `claim` and makes the server due again
     * `intervalSeconds` on (or at the end of its lease, if sooner); nothing when it was claimed again
     * meanwhile, so a late read neither shortens the next one's lease nor overwrites its outcome.
     * Answers whether it still held the server (and so recorded anything).
     */
    async recordPoll(
      db: Db,
      serverId: number,
      claim: string,
      outcome: { error: string | null; intervalSeconds: number },
    ): Promise<boolean> {
      const recorded = await db
        .update(table)
        .set({
          lastPolledAt: sql`now()`,
          lastError: outcome.error,
          nextPollAt: sql`least(${table.nextPollAt}, ${afterSeconds(outcome.intervalSeconds)})`,
        })
        .where(heldBy(serverId, claim))
        .returning({ serverId: table.serverId });
      return recorded.length > 0;
    },
  };
}
