import {
  daysLeft,
  lineStatus,
  portalConnectionLines,
  receiverSettings,
  type LineConnections,
  type PortalMe,
} from '@linedesk/shared';
import type { LineRow } from '../lines/lines.repository.js';
import type { PortalOwner } from './portal.repository.js';

/** The customer's view of their line: no notes, owner ids, sync state or anything of the panel's. */
export function toPortalMe(
  line: LineRow,
  owner: PortalOwner,
  connections: Pick<LineConnections, 'online' | 'connections'>,
  today: string,
  packages: string[],
): PortalMe {
  const credential = { username: line.username, password: line.password, hostPort: line.hostPort };
  return {
    username: line.username,
    password: line.password,
    status: lineStatus(
      {
        enabled: line.enabled,
        expiry_date: line.expiryDate,
        is_trial: line.isTrial,
        frozen: line.frozenAt !== null,
      },
      today,
    ),
    expiry_date: line.expiryDate,
    days_left: daysLeft(line.expiryDate, today),
    is_trial: line.isTrial,
    server_name: line.serverName,
    protocol: line.serverProtocol,
    packages,
    connection_lines: portalConnectionLines(credential, line.serverProtocol, line.serverDesKey),
    receiver_settings: receiverSettings(credential, line.serverProtocol, line.serverDesKey),
    online: connections.online,
    connections: connections.connections.map((c) => ({ ip: c.ip, connected_since: c.connected_since })),
    reseller: resellerCard(owner),
  };
}

/** How a customer sees their reseller: the name, and the contact the reseller set (else their email). */
export function resellerCard(owner: Pick<PortalOwner, 'fullName' | 'username' | 'email' | 'portalContact'>) {
  return {
    name: owner.fullName.trim() || owner.username || owner.email,
    contact: owner.portalContact.trim() || owner.email,
  };
}
