/** Refusals of the one-command agent install (an install command's token, exchanged by install.sh). */
export const agentInstallErrors = {
  AGENT_INSTALL_TOKEN_INVALID: {
    status: 400,
    message: 'This install command is not valid for any server; copy it again from the panel',
  },
  AGENT_INSTALL_TOKEN_EXPIRED: {
    status: 400,
    message: 'This install command has expired; copy a new one from the panel',
  },
  AGENT_INSTALL_TOKEN_USED: {
    status: 409,
    message: 'This install command was already used to install the agent; copy a new one from the panel',
  },
  AGENT_INSTALL_TOKEN_UNUSED: {
    status: 409,
    message: 'No agent was installed with this install command yet',
  },
} as const;
