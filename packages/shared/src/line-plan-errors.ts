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
} as const;
