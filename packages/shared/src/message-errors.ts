/** Internal messages. */
export const messageErrors = {
  ONLY_ADMINS_CREATE_MESSAGES: { status: 403, message: 'Only admins can create messages' },
  MESSAGE_NOT_FOUND: { status: 404, message: 'Message not found' },
  MESSAGE_TITLE_REQUIRED: { status: 422, message: 'Title is required' },
  MESSAGE_TITLE_TOO_LONG: { status: 422, message: 'Title must be at most 200 characters' },
  MESSAGE_CONTENT_REQUIRED: { status: 422, message: 'Content is required' },
  MESSAGE_CONTENT_TOO_LONG: { status: 422, message: 'Content must be at most 10000 characters' },
  MESSAGE_RECIPIENT_REQUIRED: { status: 422, message: 'Choose a recipient or make the message global' },
} as const;
