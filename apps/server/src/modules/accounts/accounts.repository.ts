import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authUsers, groups } from '../../db/schema.js';

const accountColumns = {
  id: authUsers.id,
  email: authUsers.email,
  fullName: authUsers.name,
  username: authUsers.username,
  notes: authUsers.notes,
  credits: authUsers.credits,
  groupId: authUsers.groupId,
  groupName: groups.name,
  groupPermissions: groups.permissions,
  isAdmin: authUsers.isAdmin,
  ownerId: authUsers.ownerId,
  banned: authUsers.banned,
  emailVerified: authUsers.emailVerified,
  createdAt: authUsers.createdAt,
  lastSignInAt: authUsers.lastSignInAt,
};

export type AccountRow = {
  id: string;
  email: string;
  fullName: string;
  username: string;
  notes: string | null;
  credits: number;
  groupId: number;
  groupName: string | null;
  groupPermissions: string[] | null;
  isAdmin: boolean;
  ownerId: string | null;
  banned: boolean;
  emailVerified: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
};

const sortable = {
  email: authUsers.email,
  created_at: authUsers.createdAt,
  credits: authUsers.credits,
  last_sign_in_at: authUsers.lastSignInAt,
} as const;

export const accountsRepository = {
  async findById(db: Db, id: string): Promise<AccountRow | undefined> {
    const [row] = await db
      .select(accountColumns)
      .from(authUsers)
      .leftJoin(groups, eq(groups.id, authUsers.groupId))
      .where(eq(authUsers.id, id));
    return row;
  },
  async findByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
    const [row] = await db
      .select(accountColumns)
      .from(authUsers)
      .leftJoin(groups, eq(groups.id, authUsers.groupId))
      .where(eq(authUsers.email, email.toLowerCase()));
    return row;
  },
  async list(
    db: Db,
    input: {
      ownerId?: string;
      search?: string;
      sort?: string;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: AccountRow[]; total: number }> {
    const filters: SQL[] = [];
    if (input.ownerId) filters.push(eq(authUsers.ownerId, input.ownerId));
    if (input.search) {
      const pattern = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(or(ilike(authUsers.email, pattern), ilike(authUsers.name, pattern)) as SQL);
    }
    const where = filters.length ? and(...filters) : undefined;
    const column = sortable[(input.sort ?? 'created_at') as keyof typeof sortable] ?? authUsers.createdAt;
    const [rows, [totalRow]] = await Promise.all([
      db
        .select(accountColumns)
        .from(authUsers)
        .leftJoin(groups, eq(groups.id, authUsers.groupId))
        .where(where)
        .orderBy(input.order === 'asc' ? asc(column) : desc(column), asc(authUsers.id))
        .limit(input.limit)
        .offset(input.offset),
      db.select({ n: count() }).from(authUsers).where(where),
    ]);
    return { rows, total: totalRow?.n ?? 0 };
  },
  async update(
    db: Db,
    id: string,
    patch: Partial<{ name: string; groupId: number; banned: boolean; notes: string | null; role: string }>,
  ): Promise<boolean> {
    const updated = await db
      .update(authUsers)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(authUsers.id, id))
      .returning({ id: authUsers.id });
    return updated.length > 0;
  },
  async countAll(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(authUsers);
    return row?.n ?? 0;
  },
};
