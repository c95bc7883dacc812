/** Internal messages. */
export const messageErrors = {
  ONLY_ADMINS_CREATE_MESSAGES: 'Only admins can create messages',
  MESSAGE_NOT_FOUND: 'Message not found',
  MESSAGE_TITLE_REQUIRED: 'Title is required',
  MESSAGE_TITLE_TOO_LONG: 'Title must be at most 200 characters',
  MESSAGE_CONTENT_REQUIRED: 'Content is required',
  MESSAGE_CONTENT_TOO_LONG: 'Content must be at most 10000 characters',
  MESSAGE_RECIPIENT_REQUIRED: 'Choose a recipient or make the message global',
} as const;
