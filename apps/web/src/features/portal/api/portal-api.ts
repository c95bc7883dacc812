import { portalContracts, type PortalSettingsBody } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const portalKeys = {
  settings: ['portal', 'settings'] as const,
};

/**
 * The reseller's side of the portal (its settings card). The customer's pages are a page of their
 * own, `portal.html` (`src/portal/`), with their own calls (`src/portal/api/portal-api.ts`).
 */
export const portalApi = {
  settings: (signal?: AbortSignal) => callApi(portalContracts.getSettings, {}, { signal }),
  saveSettings: (body: PortalSettingsBody) => callApi(portalContracts.setSettings, { body }),
};
