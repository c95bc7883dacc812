import type { ActiveServer, Server } from '@linedesk/shared';
import type { ServerRow } from './servers.repository.js';

export function toServer(row: ServerRow): Server {
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
