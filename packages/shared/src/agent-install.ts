import { z } from 'zod';

/** How long an install command shown in the panel works: long enough to copy it to the card server. */
export const AGENT_INSTALL_TOKEN_HOURS = 24;

export const agentInstallCommandSchema = z.object({
  /** `curl … | sudo sh -s -- --panel <url> --token <token>`, ready to paste on the card server. */
  command: z.string(),
  /** The command that replaces the agent with the panel's current one, keeping its settings. */
  update_command: z.string(),
  /** The command to remove the agent again from that server. */
  uninstall_command: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export type AgentInstallCommand = z.infer<typeof agentInstallCommandSchema>;

export const agentInstallSettingsBodySchema = z.object({
  token: z.string().min(1).max(500),
});
export type AgentInstallSettingsBody = z.infer<typeof agentInstallSettingsBodySchema>;

/** What install.sh writes into the agent's settings: the login the panel calls it with, its port. */
export const agentInstallSettingsSchema = z.object({
  server_id: z.number().int(),
  server_name: z.string(),
  username: z.string(),
  password: z.string(),
  api_port: z.number().int(),
  /** The panel calls the agent over HTTPS: the agent then needs AGENT_TLS_CERT and AGENT_TLS_KEY. */
  use_tls: z.boolean(),
});
export type AgentInstallSettings = z.infer<typeof agentInstallSettingsSchema>;

/** The agent the panel serves to card servers (its release build), null before it is built. */
export const agentReleaseSchema = z.object({
  version: z.string().nullable(),
  sha256: z.string().nullable(),
});
export type AgentRelease = z.infer<typeof agentReleaseSchema>;

/**
 * An agent reporting `version` is older than the panel's `current` one (dotted numbers, compared part
 * by part; anything else is never called older, so an unusual version shows no false alarm).
 */
export function isOlderAgentVersion(version: string | null, current: string | null): boolean {
  const parse = (value: string | null) =>
    value && /^\d+(\.\d+)*$/.test(value) ? value.split('.').map(Number) : null;
  const a = parse(version);
  const b = parse(current);
  if (!a || !b) return false;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}
