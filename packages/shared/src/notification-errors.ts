/** Notifications: the webhook's address and delivery. */
export const notificationErrors = {
  WEBHOOK_URL_INVALID: {
    status: 422,
    message: 'Enter a full webhook address such as https://shop.example.com/hook',
  },
  WEBHOOK_URL_NOT_HTTPS: { status: 422, message: 'The webhook address must start with https://' },
  WEBHOOK_URL_PRIVATE_ADDRESS: {
    status: 422,
    message: 'The webhook address points to a private or local network address ({{address}})',
  },
  WEBHOOK_URL_UNRESOLVABLE: { status: 422, message: 'The webhook host could not be found: {{host}}' },
  WEBHOOK_NOT_CONFIGURED: { status: 409, message: 'Set up a webhook address first' },
  WEBHOOK_DELIVERY_FAILED: { status: 502, message: 'The webhook did not accept the delivery: {{reason}}' },
  NOTIFICATION_DELIVERY_NOT_FOUND: { status: 404, message: 'Delivery not found' },
  NOTIFICATION_SWITCH_REPEATED: {
    status: 400,
    message: 'Each notice and channel may be switched only once in one change',
  },
} as const;
