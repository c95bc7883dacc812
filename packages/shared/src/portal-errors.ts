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
} as const;
