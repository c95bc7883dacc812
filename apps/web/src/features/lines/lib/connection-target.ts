import {
  parseHostPort,
  type ActiveServer,
  type ClientConfig,
  type Line,
  type ServerProtocol,
} from '@linedesk/shared';

export { parseHostPort };

export type ConnectionTarget = {
  host_ip: string;
  port: number;
  protocol: ServerProtocol;
  /** The line's server's own key for the `N:` line (the API sends it with the line). */
  newcamd_des_key: string | null;
};

function protocolOf(line: Line, servers: readonly ActiveServer[] | undefined): ServerProtocol {
  const server = servers?.find((candidate) => candidate.id === line.server_id);
  if (server) return server.protocol;
  return line.protocol.toLowerCase() === 'newcamd' ? 'NewCamd' : 'CCcam';
}

/**
 * Where the customer connects. Non-admins only learn a server's id, name and protocol, so the host
 * and card-sharing port come from the line's own host_port list (the API fills it from the server on
 * create); `/api/config` knows the default server's host but not its card-sharing port, so it only
 * fills in a host_port entry that carries a port alone.
 */
export function connectionTarget(
  line: Line,
  servers: readonly ActiveServer[] | undefined,
  config: ClientConfig | undefined,
): ConnectionTarget | null {
  const protocol = protocolOf(line, servers);
  const newcamd_des_key = line.newcamd_des_key ?? null;
  for (const entry of line.host_port) {
    const parsed = parseHostPort(entry);
    if (parsed) return { host_ip: parsed.host, port: parsed.port, protocol, newcamd_des_key };
    const portOnly = /^\s*:?(\d{1,5})\s*$/.exec(entry);
    if (portOnly && config?.host_ip) {
      return { host_ip: config.host_ip, port: Number(portOnly[1]), protocol, newcamd_des_key };
    }
  }
  return null;
}
