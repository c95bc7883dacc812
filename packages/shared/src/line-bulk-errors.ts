/** Mass actions on lines and bulk create. */
export const lineBulkErrors = {
  LINE_BULK_NOTHING_SELECTED: {
    status: 422,
    message: 'Select at least one line, or all lines matching the filter',
  },
  LINE_BULK_TOO_MANY: { status: 422, message: 'At most {{max}} lines per bulk action' },
  LINE_BULK_NOT_FOUND: { status: 404, message: 'Bulk action not found' },
  LINE_BULK_TARGET_REQUIRED: { status: 422, message: 'Choose the reseller to move the lines to' },
  LINE_BULK_PLAN_REQUIRED: { status: 400, message: 'Choose the plan to move the lines to' },
  LINE_BULK_CREDITS_MOVE_ONLY: {
    status: 422,
    message: 'Credits can only go with lines given to another account',
  },
  LINE_BULK_INVALID_COUNT: { status: 422, message: 'Create between 1 and {{max}} lines at once' },
  LINE_BULK_INVALID_PREFIX: {
    status: 422,
    message:
      'The username prefix may only contain printable ASCII characters (at most {{max}}), without spaces or any of { } [ ] # =',
  },
  LINE_MOVE_SOURCE_REQUIRED: {
    status: 422,
    message: 'Choose the lines to move, or the server whose lines move',
  },
  LINE_MOVE_TARGET_INACTIVE: {
    status: 422,
    message: 'Lines can only move to an active server: test its connection first',
  },
  LINE_MOVE_SAME_SERVER: { status: 422, message: 'The lines are already on this server' },
  LINE_MOVE_PROTOCOL_MISMATCH: {
    status: 422,
    message: 'Lines on a {{from}} server can only move to another {{from}} server, not to a {{to}} server',
  },
  LINE_MOVE_FILE_MISMATCH: {
    status: 422,
    message:
      'Lines whose entries are in {{from}} can only move to a server whose agent writes {{from}}, not {{to}}',
  },
} as const;
