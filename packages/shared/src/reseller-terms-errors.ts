/** A reseller's prices and limits: setting them, and what they refuse. */
export const resellerTermsErrors = {
  // Staff roles (PUT /api/accounts/:id/staff).
  STAFF_SCOPE_NOT_FOUND: { status: 422, message: 'There is no account {{id}} to scope the role to' },
  STAFF_NOT_FOR_ADMIN: {
    status: 422,
    message: 'An administrator already does everything: a staff role is for other accounts',
  },
  RESELLER_PRICES_INVALID: {
    status: 422,
    message:
      'Give each plan and duration once: a fixed price of 0 to 100000 credits, or a percentage from -100 to 1000',
  },
  RESELLER_PRICE_NOT_OFFERED: {
    status: 422,
    message: 'The plan {{plan}} does not offer a line of {{months}} months',
  },
  RESELLER_PRICE_BELOW_COST: {
    status: 422,
    message:
      'The price of {{plan}} for {{months}} months cannot be below {{floor}} credits, what you pay for it yourself',
  },
  RESELLER_LIMITS_INVALID: {
    status: 422,
    message: 'Limits are whole numbers of 0 or more (empty for no limit)',
  },
  RESELLER_LIMIT_ADMIN_ONLY: {
    status: 403,
    message: 'Only an administrator can set the credit limit and the price of a sub-reseller',
  },
  RESELLER_LIMIT_BELOW_USAGE: {
    status: 409,
    message:
      'A limit of {{limit}} lines is below the {{current}} lines the account and its sub-accounts already have',
  },
  RESELLER_LIMIT_UNKNOWN_PLAN: { status: 422, message: 'There is no plan {{id}} to allow' },
  RESELLER_LIMIT_UNKNOWN_SERVER: { status: 422, message: 'There is no server {{id}} to allow' },
  RESELLER_TERMS_SELF: { status: 403, message: 'You cannot set your own prices or limits' },
  LINE_LIMIT_REACHED: {
    status: 409,
    message: 'The limit of {{limit}} lines of {{account}} is reached',
  },
  LINE_PLAN_NOT_ALLOWED: {
    status: 403,
    message: 'The plan {{plan}} is not among the plans {{account}} may sell',
  },
  LINE_SERVER_NOT_ALLOWED: {
    status: 403,
    message: 'The server {{server}} is not among the servers {{account}} may use',
  },
  LINE_TRIAL_MIN_BALANCE: {
    status: 402,
    message: 'A trial needs a balance of at least {{min}} credits; the balance is {{balance}}',
  },
  SUB_RESELLER_NOT_ALLOWED: { status: 403, message: 'This account may not create sub-resellers' },
  SUB_RESELLER_DEPTH_REACHED: {
    status: 403,
    message: 'Sub-resellers may be at most {{depth}} levels below {{account}}',
  },
  LINE_BULK_PRICE_CHANGED: {
    status: 409,
    message:
      'The price rose from {{previewed}} to {{current}} credits since the preview: this line was not changed',
  },
  CREDIT_LIMIT_EXCEEDED: {
    status: 402,
    message:
      'Insufficient credits. Required: {{required}}, Available: {{available}}, with a credit limit of {{limit}}',
  },
} as const;
