import { connectionLine, parseHostPort, type Line } from '@linedesk/shared';
import { useCallback } from 'react';
import { connectionTarget } from '../lib/connection-target';
import { useActiveServers, useClientConfig } from './use-lines';

/** The customer's connection line of a line (shared builder), or null when its address is unknown. */
export function useConnectionLine(): (line: Line) => string | null {
  const servers = useActiveServers();
  const config = useClientConfig();
  return useCallback(
    (line: Line) => {
      const target = connectionTarget(line, servers.data, config.data);
      return target ? connectionLine(target, line) : null;
    },
    [servers.data, config.data],
  );
}

/**
 * The line's connection lines for its other addresses than the one `useConnectionLine` gives: a line
 * on a server with a standby has the standby's address too (docs/standby.md).
 */
export function useMoreConnectionLines(): (line: Line) => string[] {
  const servers = useActiveServers();
  const config = useClientConfig();
  return useCallback(
    (line: Line) => {
      const target = connectionTarget(line, servers.data, config.data);
      if (!target) return [];
      return line.host_port
        .map(parseHostPort)
        .filter((address) => address !== null)
        .filter((address) => address.host !== target.host_ip || address.port !== target.port)
        .map((address) => connectionLine({ ...target, host_ip: address.host, port: address.port }, line));
    },
    [servers.data, config.data],
  );
}
