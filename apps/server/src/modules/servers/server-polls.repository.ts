import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cccamServers, type ecmPolls, type lineConnectionPolls } from '../../db/schema.js';

/** A table with one row per active server saying when it is next read (live connections, ECM). */
type ServerPollTable = typeof lineConnectionPolls | typeof ecmPolls;

const afterSeconds = (seconds: number) => sql`now() + (${seconds})::float8 * interval '1 second'`;

/** The queries of one kind of per-server reading: its rows, the claim of a due one, and the outcome. */
export function serverPollsRepository(table: ServerPollTable) {
  return {
    /** Gives every active server a poll row (due now) if it has none yet. */
    async addMissingPolls(db: Db): Promise<void> {
      await db.execute(sql`
        insert into ${table} (server_id)
        select ${cccamServers.id} from ${cccamServers} where ${cccamServers.status} = 'active'
        on conflict do nothing`);
    },
    /**
     * Takes one active server whose read is due and pushes its next read out by `intervalSeconds`, in
     * one statement; SKIP LOCKED lets other instances take other servers meanwhile.
     */
    async claimDue(db: Db, intervalSeconds: number): Promise<number | undefined> {
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
        .set({ nextPollAt: afterSeconds(intervalSeconds) })
        .where(eq(table.serverId, due))
        .returning({ serverId: table.serverId });
      return row?.serverId;
    },
    async recordPoll(db: Db, serverId: number, error: string | null): Promise<void> {
      await db
        .update(table)
        .set({ lastPolledAt: sql`now()`, lastError: error })
        .where(eq(table.serverId, serverId));
    },
  };
}
