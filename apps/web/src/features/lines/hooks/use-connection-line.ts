import { connectionLine, type Line } from '@linedesk/shared';
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
