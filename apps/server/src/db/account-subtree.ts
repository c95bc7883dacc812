import { sql, type Placeholder, type SQL } from 'drizzle-orm';
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
