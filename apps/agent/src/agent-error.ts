export type AgentErrorStatus = 400 | 404 | 409 | 413 | 415 | 500 | 501 | 502;

/** An error whose message is meant for the panel and whose status is the HTTP answer. */
export class AgentError extends Error {
  constructor(
    readonly status: AgentErrorStatus,
    message: string,
    /** A stable name for the refusal, for answers a program acts on (kick, connections). */
    readonly code?: string,
  ) {
    super(message);
  }
}
