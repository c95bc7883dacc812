/** Mass actions on lines and bulk create. */
export const lineBulkErrors = {
  LINE_BULK_NOTHING_SELECTED: 'Select at least one line, or all lines matching the filter',
  LINE_BULK_TOO_MANY: 'At most {{max}} lines per bulk action',
  LINE_BULK_NOT_FOUND: 'Bulk action not found',
  LINE_BULK_TARGET_REQUIRED: 'Choose the reseller to move the lines to',
  LINE_BULK_PLAN_REQUIRED: 'Choose the plan to move the lines to',
  LINE_BULK_MOVE_ADMIN_ONLY: 'Only administrators can move lines to another reseller',
  LINE_BULK_INVALID_COUNT: 'Create between 1 and {{max}} lines at once',
  LINE_BULK_INVALID_PREFIX:
    'The username prefix may only contain printable ASCII characters (at most {{max}}), without spaces or any of { } [ ] # =',
} as const;
