import { contactContracts, type ContactDetailsInput, type ContactMessageInput } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

/** Stored in app_settings: under ['settings'], the key an `app_settings` live event refreshes. */
export const contactKeys = { details: ['settings', 'contact'] as const };

export const contactApi = {
  details: (signal?: AbortSignal) => callApi(contactContracts.getDetails, {}, { signal }),
  save: (body: ContactDetailsInput) => callApi(contactContracts.setDetails, { body }),
  send: (body: ContactMessageInput) => callApi(contactContracts.sendMessage, { body }),
};
