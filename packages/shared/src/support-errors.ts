/** Tickets, replies, knowledge base and contact (spec section 8). */
export const supportErrors = {
  USER_NOT_AUTHENTICATED: 'User not authenticated',
  REPLY_REQUIRES_LOGIN: 'You must be logged in to add a reply',
  TICKET_NOT_FOUND: 'Ticket not found',
  REPLY_FORBIDDEN: 'You do not have permission to reply to this ticket',
  TICKET_CREATE_FAILED: 'Failed to create ticket: {{reason}}',
} as const;
