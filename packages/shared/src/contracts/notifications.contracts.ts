import { defineContract } from '../contract.js';
import {
  notificationDeliveryListSchema,
  notificationPreferencesSchema,
  notificationTestResultSchema,
  updateNotificationPreferencesSchema,
  webhookSecretSchema,
  webhookSetupSchema,
  webhookTestResultSchema,
  webhookUrlBodySchema,
} from '../notification.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['notifications'];

export const getPreferences = defineContract({
  method: 'GET',
  path: '/api/notifications/preferences',
  access: 'signedIn',
  tags,
  summary: 'My notification switches (kind × channel), low-balance threshold and webhook address',
  response: notificationPreferencesSchema,
});

export const updatePreferences = defineContract({
  method: 'PUT',
  path: '/api/notifications/preferences',
  access: 'signedIn',
  tags,
  summary: 'Switch kinds on or off per channel, set the low-balance threshold',
  body: updateNotificationPreferencesSchema,
  response: notificationPreferencesSchema,
  errors: ['NOTIFICATION_SWITCH_REPEATED'],
});

export const setWebhook = defineContract({
  method: 'PUT',
  path: '/api/notifications/webhook',
  access: 'signedIn',
  tags,
  summary: 'Set my webhook address; the signing secret is made (and shown once) at the first setup',
  description:
    'The address must be https:// and its host must not resolve to a private, loopback, link-local, ' +
    'multicast or unique-local address.',
  body: webhookUrlBodySchema,
  response: webhookSetupSchema,
  errors: [
    'WEBHOOK_URL_INVALID',
    'WEBHOOK_URL_NOT_HTTPS',
    'WEBHOOK_URL_PRIVATE_ADDRESS',
    'WEBHOOK_URL_UNRESOLVABLE',
  ],
});

export const removeWebhook = defineContract({
  method: 'DELETE',
  path: '/api/notifications/webhook',
  access: 'signedIn',
  tags,
  summary: 'Remove my webhook (its undelivered notices are dropped)',
  status: 204,
  response: null,
});

export const rotateWebhookSecret = defineContract({
  method: 'POST',
  path: '/api/notifications/webhook/secret',
  access: 'signedIn',
  tags,
  summary: 'Make a new webhook signing secret (shown once); the old one stops working',
  response: webhookSecretSchema,
  errors: ['WEBHOOK_NOT_CONFIGURED'],
});

export const testWebhook = defineContract({
  method: 'POST',
  path: '/api/notifications/webhook/test',
  access: 'signedIn',
  tags,
  summary: 'Send a signed test delivery to my webhook now and answer how it went',
  response: webhookTestResultSchema,
  errors: [
    'WEBHOOK_NOT_CONFIGURED',
    'WEBHOOK_URL_PRIVATE_ADDRESS',
    'WEBHOOK_URL_UNRESOLVABLE',
    'WEBHOOK_DELIVERY_FAILED',
  ],
});

export const sendTest = defineContract({
  method: 'POST',
  path: '/api/notifications/test',
  access: 'signedIn',
  tags,
  summary: 'Queue a test notice on each of my channels that can deliver',
  status: 202,
  response: notificationTestResultSchema,
});

export const listDeliveries = defineContract({
  method: 'GET',
  path: '/api/notifications/deliveries',
  access: 'signedIn',
  tags,
  summary: 'My notices that failed to deliver (still retrying, or given up)',
  response: notificationDeliveryListSchema,
});

export const retryDelivery = defineContract({
  method: 'POST',
  path: '/api/notifications/deliveries/:id/retry',
  access: 'signedIn',
  tags,
  summary: 'Try a failed delivery again now',
  params: idParamsSchema,
  status: 204,
  response: null,
  errors: ['NOTIFICATION_DELIVERY_NOT_FOUND'],
});
