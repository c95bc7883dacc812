import { readFileSync } from 'node:fs';

/** The agent package version, reported by GET / so the panel can tell agents apart. */
export function agentVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const version = (pkg as { version?: unknown }).version;
  return typeof version === 'string' ? version : '0.0.0';
}
