import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, groups } from '../../db/schema.js';

export type GroupRow = typeof groups.$inferSelect & { memberCount: number };

const memberCount = sql<number>`(select count(*)::int from "auth_users" where "auth_users"."group_id" = "groups"."id")`;

export const groupsRepository = {
  list(db: Db): Promise<GroupRow[]> {
    return db
      .select({
        id: groups.id,
        name: groups.name,
        description: groups.description,
        permissions: groups.permissions,
        createdAt: groups.createdAt,
        memberCount,
      })
      .from(groups)
      .orderBy(asc(groups.id));
  },
  async findById(db: Db, id: number): Promise<GroupRow | undefined> {
    const [row] = await db
      .select({
        id: groups.id,
        name: groups.name,
        description: groups.description,
        permissions: groups.permissions,
        createdAt: groups.createdAt,
        memberCount,
      })
      .from(groups)
      .where(eq(groups.id, id));
    return row;
  },
  async findByName(db: Db, name: string) {
    const [row] = await db
      .select({ id: groups.id })
      .from(groups)
      .where(sql`lower(${groups.name}) = lower(${name})`);
    return row;
  },
  async insert(db: Db, values: { name: string; description: string | null; permissions: string[] }) {
    const [row] = await db.insert(groups).values(values).returning({ id: groups.id });
    return row!.id;
  },
  async update(
    db: Db,
    id: number,
    values: Partial<{ name: string; description: string | null; permissions: string[] }>,
  ) {
    await db.update(groups).set(values).where(eq(groups.id, id));
  },
  /** Locks the group's row until the transaction ends; false when there is no such group. */
  async lockById(db: Db, id: number): Promise<boolean> {
    const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id)).for('update');
    return group !== undefined;
  },
  async countMembers(db: Db, id: number): Promise<number> {
    const [members] = await db.select({ n: count() }).from(authUsers).where(eq(authUsers.groupId, id));
    return members?.n ?? 0;
  },
  async delete(db: Db, id: number): Promise<void> {
    await db.delete(groups).where(eq(groups.id, id));
  },
};
