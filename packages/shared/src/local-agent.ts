/**
 * The line agent to try the panel with on this machine: run from the repository's checkout, on
 * 127.0.0.1 only (nothing outside can reach it), over a throw-away CCcam.cfg in a temporary folder.
 * The setup guide shows this command with a password made in the browser; a real card server gets
 * the agent with Install the agent instead (docs/agent-install.md).
 */
export const LOCAL_AGENT_USERNAME = 'panel';
export const LOCAL_AGENT_HOST = '127.0.0.1';

export function localAgentCommand(input: { password: string; port?: number }): string {
  const port = input.port ?? 3000;
  return [
    'cfg="$(mktemp -d)/CCcam.cfg" && touch "$cfg" &&',
    'AGENT_BACKEND=cccam',
    'AGENT_CONFIG_FILE="$cfg"',
    `AGENT_HOST=${LOCAL_AGENT_HOST}`,
    `AGENT_PORT=${port}`,
    `AGENT_USERNAME=${LOCAL_AGENT_USERNAME}`,
    `AGENT_PASSWORD='${input.password}'`,
    'npm run agent',
  ].join(' ');
}

/** A password for the local agent: 24 characters a shell and HTTP Basic auth take as they are. */
export function localAgentPassword(random: (bytes: Uint8Array) => Uint8Array): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(random(new Uint8Array(24)), (byte) => alphabet[byte % alphabet.length]).join('');
}
