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
  /**
   * Deletes only while nobody is in the group, in one statement, so a member added concurrently
   * cannot be left pointing at a deleted group (the foreign key would refuse it anyway).
   */
  async deleteIfEmpty(db: Db, id: number): Promise<'deleted' | 'has_users' | 'missing'> {
    return db.transaction(async (tx) => {
      const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, id)).for('update');
      if (!group) return 'missing';
      const [members] = await tx.select({ n: count() }).from(authUsers).where(eq(authUsers.groupId, id));
      if ((members?.n ?? 0) > 0) return 'has_users';
      await tx.delete(groups).where(eq(groups.id, id));
      return 'deleted';
    });
  },
};
