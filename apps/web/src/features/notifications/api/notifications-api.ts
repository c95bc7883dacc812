import {
  notificationContracts,
  type UpdateNotificationPreferences,
  type WebhookUrlBody,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const notificationKeys = {
  preferences: ['notifications', 'preferences'] as const,
  deliveries: ['notifications', 'deliveries'] as const,
};

export const notificationsApi = {
  preferences: (signal?: AbortSignal) => callApi(notificationContracts.getPreferences, {}, { signal }),
  savePreferences: (body: UpdateNotificationPreferences) =>
    callApi(notificationContracts.updatePreferences, { body }),
  setWebhook: (body: WebhookUrlBody) => callApi(notificationContracts.setWebhook, { body }),
  removeWebhook: () => callApi(notificationContracts.removeWebhook, {}),
  rotateSecret: () => callApi(notificationContracts.rotateWebhookSecret, {}),
  testWebhook: () => callApi(notificationContracts.testWebhook, {}),
  sendTest: () => callApi(notificationContracts.sendTest, {}),
  deliveries: (signal?: AbortSignal) => callApi(notificationContracts.listDeliveries, {}, { signal }),
  retry: (id: number) => callApi(notificationContracts.retryDelivery, { params: { id } }),
};
