import { notificationKinds, type NotificationPreferences } from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

// A reseller who turned expiry mails off and gets everything on its shop's webhook.
const preferences: NotificationPreferences = {
  kinds: notificationKinds.map((kind) => ({
    kind,
    channels: {
      in_app: true,
      email: kind !== 'lines_expiring',
      webhook: true,
      telegram: true,
    },
  })),
  balance_threshold: 50,
  ready: { in_app: true, email: true, webhook: true, telegram: false },
  webhook_url: 'https://shop.example.com/linedesk/hook',
};

export const notificationExamples: RouteExamples = {
  'GET /api/notifications/preferences': { response: preferences },
  'PUT /api/notifications/preferences': {
    body: { switches: [{ kind: 'lines_expiring', channel: 'email', enabled: false }], balance_threshold: 50 },
    response: preferences,
  },
  'PUT /api/notifications/webhook': {
    body: { url: 'https://shop.example.com/linedesk/hook' },
    // The secret is shown at the first setup only; a changed address keeps it (null then).
    response: {
      url: 'https://shop.example.com/linedesk/hook',
      secret: 'whsec_Jx2cV9qL0mT4rWb8nY6pK3sD1fH7gA5eZ0uI2oP8yQc',
    },
    errors: [
      ['WEBHOOK_URL_PRIVATE_ADDRESS', { address: '10.0.0.12' }],
      ['WEBHOOK_URL_UNRESOLVABLE', { host: 'shop.example.invalid' }],
    ],
  },
  'DELETE /api/notifications/webhook': { noContent: true },
  'POST /api/notifications/webhook/secret': {
    response: { secret: 'whsec_b7Hq1Xn4Ls0Vt9Rc2Mz6Kp8Wd3Yf5Gj1Ae7Ui0On4Tg' },
  },
  'POST /api/notifications/webhook/test': {
    response: { status: 200 },
    errors: [
      ['WEBHOOK_DELIVERY_FAILED', { reason: 'HTTP 503' }],
      ['WEBHOOK_URL_PRIVATE_ADDRESS', { address: '10.0.0.12' }],
      ['WEBHOOK_URL_UNRESOLVABLE', { host: 'shop.example.invalid' }],
    ],
  },
  'POST /api/notifications/test': { response: { channels: ['in_app', 'email', 'webhook'] } },
  'GET /api/notifications/deliveries': {
    response: {
      items: [
        {
          id: 5120,
          kind: 'topup_credited',
          channel: 'webhook',
          title: 'Top-up approved',
          status: 'pending',
          attempts: 3,
          last_error: 'WEBHOOK_DELIVERY_FAILED: HTTP 503',
          created_at: '2026-11-25T09:12:44.120Z',
          next_attempt_at: '2026-11-25T09:16:44.120Z',
        },
      ],
    },
  },
  'POST /api/notifications/deliveries/:id/retry': { params: { id: 5120 }, noContent: true },
};
