import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountListQuery } from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { authAccounts, authUsers, groups } from '../../db/schema.js';
import type { AccountRow } from '../../platform/access.js';
import { pageAndTotal } from '../../db/one-snapshot.js';

export type { AccountRow };

/** The columns of an AccountRow (auth_users joined with its group), for queries that join further. */
export const accountColumns = {
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
  twoFactorEnabled: authUsers.twoFactorEnabled,
  language: authUsers.language,
  staffRole: authUsers.staffRole,
  staffScopeId: authUsers.staffScopeId,
};

export type ManagedAccountRow = AccountRow & { linesCount: number; ownerEmail: string | null };

const owner = alias(authUsers, 'account_owner');
/** Line users (table `users`, read only here) the account owns. */
const linesCount = sql<number>`(select count(*)::int from "users" where "users"."owner_id" = "auth_users"."id")`;
const managedColumns = { ...accountColumns, linesCount, ownerEmail: owner.email };

const sortable = {
  email: authUsers.email,
  // The derived username is the email's part before the at-sign, so it sorts like the email.
  username: authUsers.email,
  full_name: authUsers.name,
  credits: authUsers.credits,
  group_id: authUsers.groupId,
  created_at: authUsers.createdAt,
  last_sign_in_at: authUsers.lastSignInAt,
  lines_count: linesCount,
} as const;

export type NewAccount = {
  id: string;
  email: string;
  name: string;
  username: string;
  emailVerified: boolean;
  groupId: number;
  isAdmin: boolean;
  ownerId: string | null;
  notes: string | null;
  /**
   * What its server-made texts start in (its creator's language) until the account chooses one or a
   * browser of its own says more; English when left out.
   */
  browserLanguage?: string;
};

export const accountsRepository = {
  async findById(db: Db, id: string): Promise<AccountRow | undefined> {
    const [row] = await db
      .select(accountColumns)
      .from(authUsers)
      .leftJoin(groups, eq(groups.id, authUsers.groupId))
      .where(eq(authUsers.id, id));
    return row;
  },
  async findManagedById(db: Db, id: string): Promise<ManagedAccountRow | undefined> {
    const [row] = await db
      .select(managedColumns)
      .from(authUsers)
      .leftJoin(groups, eq(groups.id, authUsers.groupId))
      .leftJoin(owner, eq(owner.id, authUsers.ownerId))
      .where(eq(authUsers.id, id));
    return row;
  },
  /**
   * Every account below `rootId` (for null: below nobody, i.e. every account of a tree from its top),
   * with its level under the root (1: owned by the root), at most 50 levels down as the tree checks walk.
   */
  async subtreeDepths(db: Db, rootId: string | null): Promise<Map<string, number>> {
    const start = rootId === null ? sql`owner_id is null` : sql`owner_id = ${rootId}`;
    const result = await db.execute<{ id: string; depth: number }>(sql`
      with recursive down (id, depth) as (
        select id, 1 from ${authUsers} where ${start}
        union all
        select a.id, down.depth + 1 from ${authUsers} a join down on a.owner_id = down.id where down.depth < 50
      )
      select id, depth from down`);
    return new Map(result.rows.map((row) => [row.id, Number(row.depth)]));
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
    input: Omit<AccountListQuery, 'page' | 'page_size'> & {
      limit: number;
      offset: number;
      /** Only these accounts (a reseller's subtree). */
      ids?: string[];
    },
  ): Promise<{ rows: ManagedAccountRow[]; total: number }> {
    const filters: SQL[] = [];
    if (input.ids) {
      if (input.ids.length === 0) return { rows: [], total: 0 };
      filters.push(inArray(authUsers.id, input.ids));
    }
    if (input.owner_id) filters.push(eq(authUsers.ownerId, input.owner_id));
    if (input.group_id !== undefined) filters.push(eq(authUsers.groupId, input.group_id));
    if (input.status) filters.push(eq(authUsers.banned, input.status === 'suspended'));
    if (input.search) {
      const pattern = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(
        or(
          ilike(authUsers.email, pattern),
          ilike(authUsers.name, pattern),
          ilike(authUsers.username, pattern),
        ) as SQL,
      );
    }
    const where = filters.length ? and(...filters) : undefined;
    const column = sortable[input.sort ?? 'created_at'];
    return pageAndTotal(
      db,
      (tx) =>
        tx
          .select(managedColumns)
          .from(authUsers)
          .leftJoin(groups, eq(groups.id, authUsers.groupId))
          .leftJoin(owner, eq(owner.id, authUsers.ownerId))
          .where(where)
          .orderBy(input.order === 'asc' ? asc(column) : desc(column), asc(authUsers.id))
          .limit(input.limit)
          .offset(input.offset),
      (tx) => tx.select({ n: count() }).from(authUsers).where(where),
    );
  },
  async update(
    db: Db,
    id: string,
    patch: Partial<{
      name: string;
      groupId: number;
      isAdmin: boolean;
      banned: boolean;
      notes: string | null;
      role: string;
    }>,
  ): Promise<boolean> {
    const updated = await db
      .update(authUsers)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(authUsers.id, id))
      .returning({ id: authUsers.id });
    return updated.length > 0;
  },
  async markEmailVerified(db: Db, id: string): Promise<void> {
    await db
      .update(authUsers)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(authUsers.id, id));
  },
  /** The account's row; false when the email is taken. */
  async insert(db: Db, account: NewAccount): Promise<boolean> {
    const inserted = await db
      .insert(authUsers)
      .values({
        id: account.id,
        isAdmin: account.isAdmin,
        role: account.isAdmin ? 'admin' : 'user',
        email: account.email,
        name: account.name,
        username: account.username,
        emailVerified: account.emailVerified,
        groupId: account.groupId,
        ownerId: account.ownerId,
        notes: account.notes,
        browserLanguage: account.browserLanguage,
      })
      .onConflictDoNothing()
      .returning({ id: authUsers.id });
    return inserted.length > 0;
  },
  /** The better-auth credential row that lets the account sign in with this password. */
  async insertCredential(db: Db, accountId: string, passwordHash: string): Promise<void> {
    await db.insert(authAccounts).values({
      id: randomUUID(),
      accountId,
      providerId: 'credential',
      userId: accountId,
      password: passwordHash,
    });
  },
  /** Whether the account can sign in with a password (an invited account has none until it accepts). */
  async hasPassword(db: Db, id: string): Promise<boolean> {
    const rows = await db
      .select({ id: authAccounts.id })
      .from(authAccounts)
      .where(and(eq(authAccounts.userId, id), eq(authAccounts.providerId, 'credential')))
      .limit(1);
    return rows.length > 0;
  },
  async countAll(db: Db): Promise<number> {
    const [row] = await db.select({ n: count() }).from(authUsers);
    return row?.n ?? 0;
  },
};
