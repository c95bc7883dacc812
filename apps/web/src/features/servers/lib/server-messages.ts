/**
 * The agent-facing texts the API sends in English (the wording other panels and scripts match) have
 * fixed shapes with one parameter. Reading the parameter back out lets the page show them in the
 * reader's language, also where only the text is stored (a server's last_error).
 */
export type ServerMessage =
  | { kind: 'ok' }
  | { kind: 'connectionFailed'; reason: string }
  | { kind: 'healthFailed'; status: string }
  | { kind: 'authFailed'; status: string }
  | { kind: 'notResponding'; status: string }
  | { kind: 'configIncomplete'; fields: string }
  | { kind: 'agentTaken'; server: string }
  | { kind: 'agentChanged' }
  | { kind: 'other'; text: string };

const patterns: { pattern: RegExp; read: (match: RegExpMatchArray) => ServerMessage }[] = [
  { pattern: /^Connection successful$/, read: () => ({ kind: 'ok' }) },
  {
    pattern: /^Failed to connect to server: ([\s\S]*)$/,
    read: (m) => ({ kind: 'connectionFailed', reason: m[1] ?? '' }),
  },
  {
    pattern: /^Health check failed with status: (\d+)$/,
    read: (m) => ({ kind: 'healthFailed', status: m[1] ?? '' }),
  },
  {
    pattern: /^(?:API )?Authentication failed(?:\. HTTP status| with status): (\d+)$/,
    read: (m) => ({ kind: 'authFailed', status: m[1] ?? '' }),
  },
  {
    pattern: /^CCcam server API is not responding\. HTTP status: (\d+)$/,
    read: (m) => ({ kind: 'notResponding', status: m[1] ?? '' }),
  },
  {
    pattern: /^Server configuration is incomplete\. Missing fields: ([\s\S]*)$/,
    read: (m) => ({ kind: 'configIncomplete', fields: m[1] ?? '' }),
  },
  {
    pattern: /^This agent already answers for server "([\s\S]*)"; one agent serves one server record$/,
    read: (m) => ({ kind: 'agentTaken', server: m[1] ?? '' }),
  },
  {
    pattern: /^The agent answers for another identity than the one this server record was bound to;/,
    read: () => ({ kind: 'agentChanged' }),
  },
];

export function parseServerMessage(text: string): ServerMessage {
  const trimmed = text.trim();
  for (const { pattern, read } of patterns) {
    const match = trimmed.match(pattern);
    if (match) return read(match);
  }
  return { kind: 'other', text };
}

/**
 * What a stored failure says about the two steps of the test (GET /health, then GET / with the
 * login), for rows whose full result has not arrived yet.
 */
export function stepsFromMessage(message: ServerMessage): { health: boolean; auth: boolean } {
  switch (message.kind) {
    case 'ok':
      return { health: true, auth: true };
    case 'authFailed':
    case 'notResponding':
      return { health: true, auth: false };
    default:
      return { health: false, auth: false };
  }
}
