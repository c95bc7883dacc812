import { packageNames, type Server } from '@linedesk/shared';

export type NamedGroup = { group: number; name: string };

/**
 * The groups an admin can put in a plan: every group some server names, by that name (the names of
 * several servers joined), plus the plan's own groups that no server names, in group order.
 */
export function namedGroups(servers: readonly Pick<Server, 'group_names'>[], planGroups: readonly number[]) {
  const numbers = new Set<number>(planGroups);
  for (const server of servers) for (const key of Object.keys(server.group_names)) numbers.add(Number(key));
  const sorted = [...numbers].sort((a, b) => a - b);
  const names = packageNames(sorted, servers);
  return sorted.map((group, i): NamedGroup => ({ group, name: names[i]! }));
}
