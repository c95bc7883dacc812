import { z } from 'zod';

/** How long an install command shown in the panel works: long enough to copy it to the card server. */
export const AGENT_INSTALL_TOKEN_HOURS = 24;

export const agentInstallCommandSchema = z.object({
  /** `curl … | sudo sh -s -- --panel <url> --token <token>`, ready to paste on the card server. */
  command: z.string(),
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
