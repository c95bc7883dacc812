/** Refusals of adopting a server's hand-written accounts as a whole (per account reasons are data). */
export const lineAdoptionErrors = {
  ADOPTION_NOT_SUPPORTED: {
    status: 422,
    message:
      'The agent on this server cannot list or adopt its accounts (it is older than adoption); update the agent',
  },
} as const;
