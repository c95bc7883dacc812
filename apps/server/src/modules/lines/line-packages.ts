import { packagesRefusal, type LineRestrictions } from '@linedesk/shared';
import { AppError } from '../../platform/errors.js';
import type { ServerRow } from '../servers/servers.repository.js';

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
