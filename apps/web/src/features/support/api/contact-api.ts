import type { ContactDetails, ContactDetailsInput, ContactMessageInput, Ticket } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

/** Stored in app_settings: under ['settings'], the key an `app_settings` live event refreshes. */
export const contactKeys = { details: ['settings', 'contact'] as const };

export const contactApi = {
  details: (signal?: AbortSignal) => apiClient.get<ContactDetails>('/api/contact', { signal }),
  save: (body: ContactDetailsInput) => apiClient.put<ContactDetails>('/api/contact', body),
  send: (body: ContactMessageInput) => apiClient.post<Ticket>('/api/contact/message', body),
};
