import {
  lineEntryRestrictions,
  packageNames,
  packagesRefusal,
  type LineRestrictions,
} from '@linedesk/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { planOfLine } from '../line-plans/line-plans.service.js';
import { serversRepository, type ServerRow } from '../servers/servers.repository.js';
import type { LineRecord } from './lines.repository.js';

/**
 * Refuses a line whose restrictions use a group its server does not name (or a service the server's
 * list lacks), before anything is written or charged: on that server the package would not exist.
 */
export function assertPackagesOnServer(
  restrictions: LineRestrictions,
  server: Pick<ServerRow, 'serverName' | 'groupNames' | 'serviceNames'>,
): void {
  const refusal = packagesRefusal(restrictions, {
    server_name: server.serverName,
    group_names: server.groupNames,
    service_names: server.serviceNames,
  });
  if (refusal) throw new AppError(refusal.code, { params: refusal.params });
}

/**
 * The line's packages: the names its server gives the groups the line gets (its plan's, or its own
 * kept from the server), for people who should never see group numbers.
 */
export async function linePackages(
  db: Db,
  line: Pick<LineRecord, 'planId' | 'restrictionOverrides' | 'serverId'>,
): Promise<string[]> {
  const [plan, server] = await Promise.all([
    planOfLine(db, line.planId),
    line.serverId === null ? undefined : serversRepository.findById(db, line.serverId),
  ]);
  const groups = lineEntryRestrictions(plan.restrictions, line.restrictionOverrides)?.groups;
  return packageNames(groups, server ? [{ group_names: server.groupNames }] : []);
}
