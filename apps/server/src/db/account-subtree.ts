import { gte, lte, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { authUsers } from './schema.js';

/**
 * The one walk down the account tree: the ids of an account and of every account below it
 * (sub-resellers, theirs...), at most 50 levels down, as a subquery (`owner in <this>`). A staff
 * member's scope is read with it, and the lists it sees are filtered by it.
 */
export function subtreeIdsSql(rootId: string | Placeholder): SQL {
  return sql`(
    with recursive down (id, depth) as (
      select ${rootId}::text, 0
      union all
      select a.id, down.depth + 1 from ${authUsers} a join down on a.owner_id = down.id where down.depth < 50
    )
    select id from down)`;
}

/** Whose rows a list may show: the caller's scope, and the one owner it asked for, if any. */
export type OwnerScope = {
  /** null = every owner (admins). */
  scopeOwnerId: string | Placeholder | null;
  /** Only the rows of this account's subtree (a scoped staff member's lists). */
  scopeTreeId?: string | Placeholder;
  ownerId?: string | Placeholder;
};

/**
 * The scope as conditions on an owner column: the lines list's rows, and again the churn radar's
 * candidates found apart from them. The scope's owner is written as a range of one (`>=` and
 * `<=`), which selects the same rows: an equality would tell the planner that the owner is the same
 * on every row, and it would drop the owner from a list's order (`scopeOrder` in line-list-filter.ts).
 */
export function ownerScopeSql(ownerId: Column, scope: OwnerScope): SQL[] {
  const parts: SQL[] = [];
  if (scope.scopeOwnerId !== null)
    parts.push(gte(ownerId, scope.scopeOwnerId), lte(ownerId, scope.scopeOwnerId));
  if (scope.scopeTreeId) parts.push(sql`${ownerId} in ${subtreeIdsSql(scope.scopeTreeId)}`);
  if (scope.ownerId) parts.push(sql`${ownerId} = ${scope.ownerId}`);
  return parts;
}
