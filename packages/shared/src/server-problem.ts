/**
 * What went wrong when the panel last reached a card server's agent, as a code a reader's language
 * can say in a sentence ("the server refused the connection"), apart from the raw words of the
 * operating system or the agent ("connect ECONNREFUSED 10.0.0.5:3000"), which only an admin looking
 * for the cause wants to see. The stored failure (`last_error`, a server_down notice's `error`) is the
 * API's English text; its shapes are fixed (server-connection.ts, agent-client.ts).
 */
export const serverProblemCodes = [
  'refused',
  'timeout',
  'unreachable',
  'tls',
  'bad_key',
  'not_responding',
  'config_incomplete',
  'agent_taken',
  'agent_changed',
  'other',
] as const;
export type ServerProblemCode = (typeof serverProblemCodes)[number];

export type ServerProblem = {
  code: ServerProblemCode;
  /** The raw words, for a "details" place; null when the sentence says all there is. */
  detail: string | null;
};

const CONNECTION = /^Failed to connect to server: ([\s\S]*)$/;

/** Node's and OpenSSL's words for a failed connection, by what a person should do about it. */
const connectionCauses: [RegExp, ServerProblemCode][] = [
  [/ECONNREFUSED/, 'refused'],
  [/timed out|ETIMEDOUT|ESOCKETTIMEDOUT|Request was cancelled/i, 'timeout'],
  [/CERT|SSL|TLS|self[- ]signed|EPROTO|handshake|altnames/i, 'tls'],
  [/ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ECONNRESET|EPIPE|socket hang up/i, 'unreachable'],
];

const others: [RegExp, ServerProblemCode, boolean][] = [
  // [pattern, code, whether the raw text still says more than the sentence]
  [/^(?:API )?Authentication failed/, 'bad_key', true],
  [/^(?:CCcam server API is not responding|Health check failed)/, 'not_responding', true],
  [/^Server configuration is incomplete/, 'config_incomplete', true],
  [/^This agent already answers for server/, 'agent_taken', true],
  [/^The agent answers for another identity/, 'agent_changed', false],
];

export function serverProblemOf(text: string): ServerProblem {
  const trimmed = text.trim();
  const connection = CONNECTION.exec(trimmed);
  if (connection) {
    const reason = connection[1]!.trim();
    const code = connectionCauses.find(([pattern]) => pattern.test(reason))?.[1] ?? 'unreachable';
    return { code, detail: reason || null };
  }
  const other = others.find(([pattern]) => pattern.test(trimmed));
  if (other) return { code: other[1], detail: other[2] ? trimmed : null };
  // The operating system's words alone, without the API's sentence around them.
  const cause = connectionCauses.find(([pattern]) => pattern.test(trimmed));
  return { code: cause?.[1] ?? 'other', detail: trimmed || null };
}
