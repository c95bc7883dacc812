import { defineContract } from '../contract.js';
import {
  agentInstallCommandSchema,
  agentReleaseSchema,
  agentInstallSettingsBodySchema,
  agentInstallSettingsSchema,
} from '../agent-install.js';
import { idParamsSchema } from '../schema-blocks.js';
import { serverTestResultSchema } from '../server.js';

const tags = ['servers'];

export const createCommand = defineContract({
  method: 'POST',
  path: '/api/servers/:id/install-command',
  access: 'admin',
  tags,
  summary:
    "The one-command agent install for a server (admin): a command with a token, valid 24 hours, that install.sh exchanges for the server's agent login",
  params: idParamsSchema,
  response: agentInstallCommandSchema,
  errors: ['SERVER_NOT_FOUND'],
});

export const settings = defineContract({
  method: 'POST',
  path: '/api/agent-install/settings',
  // The card server has no panel account: the token of the install command is the credential.
  access: 'public',
  tags,
  summary:
    "install.sh's exchange of an install command's token for the server's agent login and port; a token is exchanged once",
  body: agentInstallSettingsBodySchema,
  response: agentInstallSettingsSchema,
  errors: ['AGENT_INSTALL_TOKEN_INVALID', 'AGENT_INSTALL_TOKEN_EXPIRED', 'AGENT_INSTALL_TOKEN_USED'],
});

export const started = defineContract({
  method: 'POST',
  path: '/api/agent-install/started',
  access: 'public',
  tags,
  summary:
    "install.sh, once the agent answers on the card server: the panel runs the server's connection test (which makes it active) and answers its result",
  description:
    'Once per install command, after its exchange (`/api/agent-install/settings`); a second report, or one for a command no install used, is refused, and reports are limited per client address.',
  body: agentInstallSettingsBodySchema,
  response: serverTestResultSchema,
  errors: [
    'AGENT_INSTALL_TOKEN_INVALID',
    'AGENT_INSTALL_TOKEN_EXPIRED',
    'AGENT_INSTALL_TOKEN_USED',
    'AGENT_INSTALL_TOKEN_UNUSED',
  ],
});

export const release = defineContract({
  method: 'GET',
  path: '/api/agent-install/release',
  access: 'admin',
  tags,
  summary:
    'The agent version the panel serves to card servers (admin), to tell which servers run an older one',
  response: agentReleaseSchema,
});
