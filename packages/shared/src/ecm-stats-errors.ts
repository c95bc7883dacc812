/** Refusals of the ECM statistics (is a line getting pictures). */
export const ecmStatsErrors = {
  ECM_STATS_INVALID_SETTINGS: {
    status: 400,
    message:
      'ECM statistics retention: minutes must be kept 2 to 168 hours, hours 7 to 90 days and days 31 to 1830 days',
  },
  ECM_CHURN_INVALID_SETTINGS: {
    status: 400,
    message: 'Likely to churn: idle days must be 0 to 90, and the days before expiry 1 to 60',
  },
  LOAD_ALERT_INVALID_SETTINGS: {
    status: 400,
    message:
      'Load alerts: CPU, memory and disk thresholds must be 0 to 1000 percent, clients 0 to 1000000, and the minutes 0 to 1440',
  },
  LINE_NO_CUSTOMER_EMAIL: {
    status: 409,
    message: 'This line has no customer email address to write to',
  },
  LINE_WIN_BACK_TOO_SOON: {
    status: 409,
    message: 'This customer got a win-back message on {{sent}}: the next one can go after {{days}} days',
  },
} as const;
