import type { ActiveServer, Server } from '@linedesk/shared';
import type { ServerRow } from './servers.repository.js';

/**
 * The one rule of "the standby serves" (docs/standby.md): the server has a standby and is down, by
 * its connection check (status `error`) or by the outage watch (`outageOpen`: a confirmed outage not
 * ended yet, docs/outages.md). Customers' receivers then use their second connection line.
 */
export function standbyServing(row: Pick<ServerRow, 'standbyId' | 'status'>, outageOpen: boolean): boolean {
  return row.standbyId !== null && (row.status === 'error' || outageOpen);
}

/** A server as the API shows it; `outageOpen`: whether the outage watch has it down now. */
export function toServer(row: ServerRow, outageOpen: boolean): Server {
  return {
    id: row.id,
    server_name: row.serverName,
    host_ip: row.hostIp,
    hostname: row.hostname,
    port: row.port,
    api_port: row.apiPort,
    username: row.username,
    has_password: row.passwordEncrypted !== '',
    protocol: row.protocol,
    newcamd_des_key: row.newcamdDesKey,
    status: row.status,
    use_tls: row.useTls,
    tls_insecure: row.tlsInsecure,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
    last_connection: row.lastConnection?.toISOString() ?? null,
    last_error: row.lastError,
    version: row.version,
    group_names: row.groupNames,
    service_names: row.serviceNames,
    backend: row.agentBackend ?? null,
    standby_id: row.standbyId,
    standby_serving: standbyServing(row, outageOpen),
  };
}

export function toActiveServer(
  row: Pick<ServerRow, 'id' | 'serverName' | 'protocol' | 'agentBackend'>,
): ActiveServer {
  return {
    id: row.id,
    server_name: row.serverName,
    protocol: row.protocol,
    backend: row.agentBackend ?? null,
  };
}
