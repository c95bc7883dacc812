import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { LoadAlertOverrides } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { serverLoad, serverLoadMinute, type LoadAlertState } from '../../db/schema.js';

/** A reading of the agent's GET /load as the panel keeps it. */
export type LoadReading = {
  cpuPercent: number;
  cpuCores: number;
  memoryPercent: number;
  diskPercent: number;
  diskPath: string;
  clients: number | null;
};

export type ServerLoadRow = typeof serverLoad.$inferSelect;

export const serverLoadRepository = {
  /** The server's row, locked for the poll's alert decision (made once per row). */
  async lockRow(tx: Db, serverId: number): Promise<ServerLoadRow | undefined> {
    await tx.insert(serverLoad).values({ serverId }).onConflictDoNothing();
    const [row] = await tx.select().from(serverLoad).where(eq(serverLoad.serverId, serverId)).for('update');
    return row;
  },

  async find(db: Db, serverId: number): Promise<ServerLoadRow | undefined> {
    const [row] = await db.select().from(serverLoad).where(eq(serverLoad.serverId, serverId));
    return row;
  },

  /** Keeps the reading as the server's latest and as this minute's point, with the alerts' new state. */
  async record(tx: Db, serverId: number, reading: LoadReading, alertState: LoadAlertState): Promise<void> {
    await tx
      .update(serverLoad)
      .set({ ...reading, readAt: sql`now()`, lastError: null, alertState })
      .where(eq(serverLoad.serverId, serverId));
    const point = {
      cpuPercent: reading.cpuPercent,
      memoryPercent: reading.memoryPercent,
      diskPercent: reading.diskPercent,
      clients: reading.clients,
    };
    await tx
      .insert(serverLoadMinute)
      .values({ serverId, bucket: sql`date_trunc('minute', now(), 'UTC')`, ...point })
      .onConflictDoUpdate({ target: [serverLoadMinute.serverId, serverLoadMinute.bucket], set: point });
  },

  /** Replaces the server's own thresholds; its readings and alerts stay as they were. */
  async setOverrides(db: Db, serverId: number, overrides: LoadAlertOverrides): Promise<void> {
    await db
      .insert(serverLoad)
      .values({ serverId, alertOverrides: overrides })
      .onConflictDoUpdate({ target: serverLoad.serverId, set: { alertOverrides: overrides } });
  },

  /** What the last reading failed with; the latest values and the alerts stay as they were. */
  async recordError(db: Db, serverId: number, error: string): Promise<void> {
    await db
      .insert(serverLoad)
      .values({ serverId, lastError: error })
      .onConflictDoUpdate({ target: serverLoad.serverId, set: { lastError: error } });
  },

  async history(db: Db, serverId: number, hours: number) {
    return db
      .select({
        at: serverLoadMinute.bucket,
        cpuPercent: serverLoadMinute.cpuPercent,
        memoryPercent: serverLoadMinute.memoryPercent,
        diskPercent: serverLoadMinute.diskPercent,
        clients: serverLoadMinute.clients,
      })
      .from(serverLoadMinute)
      .where(
        and(
          eq(serverLoadMinute.serverId, serverId),
          gte(serverLoadMinute.bucket, sql`now() - make_interval(hours => ${hours})`),
        ),
      )
      .orderBy(asc(serverLoadMinute.bucket));
  },

  async expire(db: Db, hours: number): Promise<void> {
    await db
      .delete(serverLoadMinute)
      .where(lt(serverLoadMinute.bucket, sql`now() - make_interval(hours => ${hours})`));
  },
};
