import type { NetworkInterfaceInfo } from 'node:os';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

const urlHost = (address: string) => (address.includes(':') ? `[${address}]` : address);

/**
 * The addresses a browser can open the panel at, for the start banner: `HOST` itself when it names
 * one address; on a wildcard (`0.0.0.0`, `::`) localhost plus every non-internal interface address
 * (IPv4 only for `0.0.0.0`, which does not listen on IPv6).
 */
export function listenUrls(host: string, port: number, interfaces: Interfaces): string[] {
  const wildcard = host === '0.0.0.0' || host === '::';
  if (!wildcard) return [`http://${urlHost(host)}:${port}`];
  const addresses = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((info) => !info.internal && (host === '::' || info.family === 'IPv4'))
    // A link-local IPv6 address needs its interface named to be reached: no use in a browser's bar.
    .filter((info) => !(info.family === 'IPv6' && info.address.toLowerCase().startsWith('fe80:')))
    .map((info) => `http://${urlHost(info.address)}:${port}`);
  return [`http://localhost:${port}`, ...new Set(addresses)];
}
