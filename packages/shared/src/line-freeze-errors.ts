/** Freezing lines and giving them to another reseller (docs/resellers.md). */
export const lineFreezeErrors = {
  LINE_FREEZE_INVALID_SETTING: {
    status: 422,
    message: 'Freezes a year must be 0 to 52, and the longest freeze 1 to 365 days',
  },
  LINE_FREEZE_OFF: { status: 409, message: 'Freezing lines is turned off on this panel' },
  LINE_FREEZE_EXPIRED: { status: 409, message: 'An expired line cannot be frozen' },
  LINE_FREEZE_SUSPENDED: { status: 409, message: 'A suspended line cannot be frozen: enable it first' },
  LINE_ALREADY_FROZEN: { status: 409, message: 'This line is already frozen' },
  LINE_FREEZE_LIMIT_REACHED: {
    status: 409,
    message: 'Freezes of this line in the last 12 months: {{used}} (limit: {{limit}})',
  },
  LINE_NOT_FROZEN: { status: 409, message: 'This line is not frozen' },
  LINE_FROZEN: { status: 409, message: 'This line is frozen: unfreeze it first' },
  LINE_TRANSFER_TARGET_NOT_FOUND: {
    status: 404,
    message: 'The account to give the lines to is not yours to manage',
  },
  LINE_TRANSFER_TARGET_NOT_RESELLER: {
    status: 409,
    message: 'Lines can only be given to a reseller or an administrator',
  },
  LINE_TRANSFER_CREDITS_ONE_OWNER: {
    status: 422,
    message: 'Credits can only move with lines that all belong to one account',
  },
} as const;
