/** Lines that ended: archived, restored (docs/resellers.md, "Lines that ended"). */
export const lineEndedErrors = {
  LINE_ENDED_INVALID_SETTING: {
    status: 422,
    message: 'Lines that ended: the action must be off, archive or delete, and the days 1 to 3650',
  },
  LINE_ARCHIVED: { status: 409, message: 'This line is archived: restore it first' },
  LINE_NOT_ARCHIVED: { status: 409, message: 'This line is not archived' },
} as const;
