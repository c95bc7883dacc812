/** The customer portal: sign-in with a line's credentials, and its refusals. */
export const portalErrors = {
  PORTAL_INVALID_CREDENTIALS: { status: 401, message: 'Wrong username or password' },
  PORTAL_LINE_SUSPENDED: {
    status: 403,
    message: 'This line is suspended. Please contact your reseller.',
  },
  PORTAL_DISABLED: {
    status: 403,
    message: 'The customer portal is not available for this line. Please contact your reseller.',
  },
  PORTAL_RENEWAL_ALREADY_REQUESTED: {
    status: 429,
    message: 'You already asked your reseller to renew this line today. You can ask again from {{retry_at}}.',
  },
  PORTAL_RENEWAL_REQUEST_NOT_FOUND: {
    status: 404,
    message: 'This line has no open renewal request',
  },
  PORTAL_FREEZE_ALREADY_REQUESTED: {
    status: 409,
    message: 'You already asked for a freeze of this line: your reseller has not answered yet',
  },
  PORTAL_FREEZE_INVALID: {
    status: 422,
    message:
      'A freeze starts today or later (at most this many days ahead: {{max_start_days}}); its length in days: 1 to {{max_days}}',
  },
  PORTAL_FREEZE_REQUEST_NOT_FOUND: {
    status: 404,
    message: 'This line has no open freeze request',
  },
  PORTAL_REMINDER_DAYS_INVALID: {
    status: 422,
    message: 'Enter 1 to 30 days, or 0 for no reminders',
  },
} as const;
