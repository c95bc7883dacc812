/** Refusals of the ECM statistics (is a line getting pictures). */
export const ecmStatsErrors = {
  ECM_STATS_INVALID_SETTINGS: {
    status: 400,
    message:
      'ECM statistics retention: minutes must be kept 2 to 168 hours, hours 7 to 90 days and days 31 to 1830 days',
  },
} as const;
