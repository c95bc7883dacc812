import { FIXED_GROUP_IDS, type Group, type Permission } from '@linedesk/shared';
import type { GroupRow } from './groups.repository.js';

export function toGroup(row: GroupRow): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions as Permission[],
    created_at: row.createdAt.toISOString(),
    member_count: row.memberCount,
    fixed: FIXED_GROUP_IDS.includes(row.id),
  };
}
