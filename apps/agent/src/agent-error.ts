export type AgentErrorStatus = 400 | 404 | 409 | 413 | 500;

/** An error whose message is meant for the panel and whose status is the HTTP answer. */
export class AgentError extends Error {
  constructor(
    readonly status: AgentErrorStatus,
    message: string,
  ) {
    super(message);
  }
}
