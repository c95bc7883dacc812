import { connectionLine } from './line.js';

/** "host:port" or "[v6]:port" → its parts; null when it is not that shape. */
export function parseHostPort(entry: string): { host: string; port: number } | null {
  const match = /^\s*(?:\[([^\]]+)\]|([^\s:]+)):(\d{1,5})\s*$/.exec(entry);
  if (!match) return null;
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return null;
  return { host: (match[1] ?? match[2])!, port };
}

/**
 * A stored line's connection line, for exports: the address is the first "host:port" of its
 * host_port list (the API fills it from the server on create), the protocol and DES key its server's.
 */
export function storedLineConnectionLine(
  line: { username: string; password: string; hostPort: readonly string[] },
  protocol: string | null,
  newcamdDesKey: string | null = null,
): string | null {
  for (const entry of line.hostPort) {
    const parsed = parseHostPort(entry);
    if (parsed) {
      return connectionLine(
        {
          host_ip: parsed.host,
          port: parsed.port,
          protocol: protocol ?? 'CCcam',
          newcamd_des_key: newcamdDesKey,
        },
        line,
      );
    }
  }
  return null;
}
