/** Line plans: what a line costs per duration and the limits its server enforces. */
export const linePlanErrors = {
  LINE_PLAN_NOT_FOUND: { status: 404, message: 'Line plan not found' },
  LINE_PLAN_DURATION_NOT_OFFERED: {
    status: 422,
    message: 'This plan does not offer a line of {{months}} months',
  },
  LINE_PLAN_CHANGE_TRIAL: { status: 409, message: 'A trial line cannot change plan: renew it first' },
  LINE_PLAN_PROTOCOL_NOT_ALLOWED: {
    status: 409,
    message: "This plan does not allow the {{protocol}} protocol of the line's server",
  },
  LINE_PLAN_DEFAULT_FIXED: {
    status: 422,
    message:
      'The default plan is the standard price list: its prices cannot be changed and it cannot be archived',
  },
  LINE_PLAN_INVALID_PRICES: {
    status: 422,
    message: 'Give each duration once, with a price of 0 to 100000 credits',
  },
  LINE_PLAN_INVALID_CAID: {
    status: 422,
    message: 'A CAID is 4 hexadecimal digits and an ident 6 (for example 0500 and 021110)',
  },
  LINE_PLAN_INVALID_GROUP: { status: 422, message: 'A group is a number from 1 to 64' },
  LINE_PLAN_INVALID_SERVICE: {
    status: 422,
    message:
      'A service is the name of a section of oscam.services (optionally with a leading ! to deny it), without spaces or commas',
  },
  LINE_PLAN_INVALID_TIMEFRAME: {
    status: 422,
    message:
      'The time window cannot be read by OSCam: write DAY@HH:MM-HH:MM, several windows separated by commas and days by semicolons (for example ALL@08:00-22:00;SAT@00:00-24:00)',
  },
  LINE_PLAN_INVALID_SHARING_STEPS: {
    status: 422,
    message:
      'Each sharing step appears once, with a score from 1 to 100 and 1 to 1000 polls; the OSCam step sets a penalty (0 to 3) or a number of users',
  },
  LINE_PLAN_INVALID_AU: {
    status: 422,
    message: 'AU is 1 (every reader) or reader labels separated by commas, without spaces',
  },
  LINE_PLAN_GROUP_UNKNOWN: {
    status: 409,
    message: 'Server {{server}} has no package for group {{group}}: name the group on the server page first',
  },
  LINE_PLAN_GROUP_UNNAMED: {
    status: 422,
    message: 'No server names group {{group}}: name it on a server page first',
  },
  LINE_PLAN_SERVICE_UNKNOWN: {
    status: 409,
    message: 'Server {{server}} defines no service {{service}}',
  },
} as const;
