/** Line accounts. */
export const lineErrors = {
  LINE_CREDENTIALS_REQUIRED: { status: 422, message: 'Username and password are required' },
  LINE_USERNAME_TAKEN: {
    status: 409,
    message: 'Username already exists. Please choose a different username.',
  },
  LINE_USERNAME_YOURS: {
    status: 409,
    message:
      'You already have the line {{username}} (line {{line_id}}): a create whose answer was lost made it. Open it instead of creating it again.',
  },
  LINE_NO_ACTIVE_SERVERS: { status: 404, message: 'No active servers available' },
  LINE_NOT_FOUND: { status: 404, message: 'Line not found' },
  LINE_INVALID_DURATION: {
    status: 422,
    message: 'Subscription must be 1, 3, 6, 12 or 24 months, or a trial',
  },
  LINE_NOTHING_TO_UPDATE: {
    status: 422,
    message: 'At least one field to update (password or expiry date) is required',
  },
  LINE_INVALID_EXPIRY_DATE: {
    status: 422,
    message: 'Invalid expiry date format. Expected DD-MM-YYYY format.',
  },
  LINE_EXPIRY_OUT_OF_RANGE: {
    status: 422,
    message:
      'The new expiry date {{expiry_date}} would be after {{last_date}}, the last date a line can have. Nothing was charged.',
  },
  LINE_EXPIRY_ADMIN_ONLY: { status: 403, message: 'Only administrators can set an arbitrary expiry date' },
  LINE_OVERRIDES_ADMIN_ONLY: {
    status: 403,
    message:
      "Only administrators can set a line's own server settings; you can return a setting to its plan's value",
  },
  LINE_ENTRY_EXTRA_INVALID: {
    status: 422,
    message: 'Each kept setting is one line of the server entry, and none may start a new [section]',
  },
  LINE_INVALID_USERNAME: {
    status: 422,
    message:
      'Username may only contain printable ASCII characters (at most 64), without spaces or any of { } [ ] # =',
  },
  LINE_INVALID_PASSWORD: {
    status: 422,
    message:
      'Password may only contain printable ASCII characters (at most 64), without spaces or any of { } [ ] # =',
  },
  LINE_INVALID_TRIAL_DAYS: {
    status: 422,
    message: 'The trial length must be a whole number of days between 1 and 365',
  },
  LINE_INVALID_TRIAL_LIMIT: {
    status: 422,
    message: 'Trial lines per day must be a whole number between 0 and 1000',
  },
  LINE_INVALID_TIME_ZONE: {
    status: 422,
    message: 'The business time zone must be a time zone name such as UTC or Europe/Berlin',
  },
  LINE_TRIAL_LIMIT_REACHED: {
    status: 429,
    message: 'Daily trial line limit reached ({{limit}} per day). Try again tomorrow.',
  },
  LINE_SERVER_ADD_FAILED: { status: 422, message: 'Failed to add user to CCcam server' },
  LINE_SERVER_UPDATE_FAILED: { status: 422, message: 'Failed to update user in CCcam server' },
  LINE_SERVER_DELETE_FAILED: { status: 422, message: 'Failed to delete user from CCcam server' },
  LINE_SERVER_RENEW_FAILED: { status: 422, message: 'Failed to renew user in CCcam server' },
  LINE_SERVER_REFUSED: {
    status: 422,
    message:
      'The server refused this line for good: {{reason}}. It is not retried, and what it cost was given back.',
  },
  LINE_REFUSED_BY_SERVER: {
    status: 409,
    message:
      'The server refused this line, so it cannot be changed or sent again; delete it and create it again once the server takes it',
  },
  LINE_ADDED_NOT_SYNCED: {
    status: 422,
    message: 'User was added to database but could not be added to CCcam server: {{reason}}',
  },
  LINE_UPDATED_NOT_SYNCED: {
    status: 422,
    message: 'User was updated in database but could not be updated in CCcam server: {{reason}}',
  },
  LINE_DELETED_NOT_SYNCED: {
    status: 422,
    message: 'User was deleted from database but could not be deleted from CCcam server: {{reason}}',
  },
  LINE_RENEWED_NOT_SYNCED: {
    status: 422,
    message: 'User was renewed in database but could not be renewed in CCcam server: {{reason}}',
  },
} as const;
