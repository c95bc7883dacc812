/** Internal messages (spec sections 5 and 8). */
export const messageErrors = {
  ONLY_ADMINS_CREATE_MESSAGES: 'Only admins can create messages',
  MESSAGE_NOT_FOUND: 'Message not found',
} as const;
