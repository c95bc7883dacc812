import {
  portalContracts,
  type PortalActivateBody,
  type PortalPasswordBody,
  type PortalSettingsBody,
  type PortalSignInBody,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

export const portalKeys = {
  me: ['portal', 'me'] as const,
  settings: ['portal', 'settings'] as const,
};

export const portalApi = {
  me: (signal?: AbortSignal) => callApi(portalContracts.me, {}, { signal }),
  signIn: (body: PortalSignInBody) => callApi(portalContracts.signIn, { body }),
  signOut: () => callApi(portalContracts.signOut, {}),
  activate: (body: PortalActivateBody) => callApi(portalContracts.activate, { body }),
  changePassword: (body: PortalPasswordBody) => callApi(portalContracts.changePassword, { body }),
  requestRenewal: () => callApi(portalContracts.requestRenewal, {}),
  settings: (signal?: AbortSignal) => callApi(portalContracts.getSettings, {}, { signal }),
  saveSettings: (body: PortalSettingsBody) => callApi(portalContracts.setSettings, { body }),
};
