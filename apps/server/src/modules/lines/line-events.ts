import type { ChangeEvent } from '@linedesk/shared';

/** Who sees a line's change live besides admins: its owner. */
function audienceOf(ownerId: string | null): string[] {
  return ownerId ? [ownerId] : [];
}

export function lineEvent(
  action: 'insert' | 'update' | 'delete',
  line: { id: number; ownerId: string | null },
): ChangeEvent {
  return { table: 'users', action, id: String(line.id), audience: audienceOf(line.ownerId) };
}
