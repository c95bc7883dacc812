/** Reports: what their query refuses. */
export const reportErrors = {
  REPORT_RANGE_INVALID: {
    status: 400,
    message:
      'A report ends on or after its first day and covers at most 366 days by day, or 36 months by month',
  },
} as const;
