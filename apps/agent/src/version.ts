import { readFileSync } from 'node:fs';

/** Set by the release build (scripts/build-agent.mjs): the bundle has no package.json beside it. */
declare const LINEDESK_AGENT_VERSION: string | undefined;

/** The agent package version, reported by GET / so the panel can tell agents apart. */
export function agentVersion(): string {
  if (typeof LINEDESK_AGENT_VERSION === 'string') return LINEDESK_AGENT_VERSION;
  const pkg: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const version = (pkg as { version?: unknown }).version;
  return typeof version === 'string' ? version : '0.0.0';
}
