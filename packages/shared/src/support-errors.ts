/** Tickets, replies, knowledge base and contact. */
export const supportErrors = {
  USER_NOT_AUTHENTICATED: 'User not authenticated',
  REPLY_REQUIRES_LOGIN: 'You must be logged in to add a reply',
  TICKET_NOT_FOUND: 'Ticket not found',
  REPLY_FORBIDDEN: 'You do not have permission to reply to this ticket',
  TICKET_CREATE_FAILED: 'Failed to create ticket: {{reason}}',
  // Not in the spec: rules of this panel's ticket system, knowledge base and attachments.
  TICKET_OWNER_CLOSE_REOPEN_ONLY: 'You can only close or reopen your own ticket',
  TICKET_ASSIGNEE_NOT_ADMIN: 'Tickets can only be assigned to an administrator',
  REPLY_CONTENT_REQUIRED: 'Write a reply or attach a file',
  ATTACHMENT_TOO_LARGE: 'The attachment is larger than 5 MB',
  ATTACHMENT_TYPE_NOT_ALLOWED: 'Only images (PNG, JPEG, GIF, WebP) and PDF files can be attached',
  ATTACHMENT_NOT_FOUND: 'Attachment not found',
  KB_ARTICLE_NOT_FOUND: 'Article not found',
  KB_CATEGORY_NOT_FOUND: 'Category not found',
  KB_CATEGORY_HAS_ARTICLES: 'Cannot delete a category that still has articles',
  KB_CATEGORY_NAME_TAKEN: 'A category with this name already exists',
} as const;
