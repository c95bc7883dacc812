/** Tickets, replies, knowledge base and contact. */
export const supportErrors = {
  USER_NOT_AUTHENTICATED: { status: 401, message: 'User not authenticated' },
  REPLY_REQUIRES_LOGIN: { status: 401, message: 'You must be logged in to add a reply' },
  TICKET_NOT_FOUND: { status: 404, message: 'Ticket not found' },
  REPLY_FORBIDDEN: { status: 403, message: 'You do not have permission to reply to this ticket' },
  TICKET_CREATE_FAILED: { status: 500, message: 'Failed to create ticket: {{reason}}' },
  // Not in the spec: rules of this panel's ticket system, knowledge base and attachments.
  TICKET_OWNER_CLOSE_REOPEN_ONLY: { status: 403, message: 'You can only close or reopen your own ticket' },
  TICKET_ASSIGNEE_NOT_ADMIN: { status: 422, message: 'Tickets can only be assigned to an administrator' },
  // A closed conversation is over until someone reopens it; a reply would sit unseen on a closed ticket.
  TICKET_CLOSED: { status: 409, message: 'This ticket is closed. Reopen it to reply' },
  REPLY_CONTENT_REQUIRED: { status: 422, message: 'Write a reply or attach a file' },
  ATTACHMENT_TOO_LARGE: { status: 413, message: 'The attachment is larger than 5 MB' },
  ATTACHMENT_TYPE_NOT_ALLOWED: {
    status: 415,
    message: 'Only images (PNG, JPEG, GIF, WebP) and PDF files can be attached',
  },
  ATTACHMENT_NOT_FOUND: { status: 404, message: 'Attachment not found' },
  KB_ARTICLE_NOT_FOUND: { status: 404, message: 'Article not found' },
  KB_CATEGORY_NOT_FOUND: { status: 404, message: 'Category not found' },
  KB_CATEGORY_HAS_ARTICLES: { status: 409, message: 'Cannot delete a category that still has articles' },
  KB_CATEGORY_NAME_TAKEN: { status: 409, message: 'A category with this name already exists' },
} as const;
