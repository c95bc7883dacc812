import { defineContract } from '../contract.js';
import { idParamsSchema } from '../schema-blocks.js';
import {
  loadAlertOverridesSchema,
  loadAlertSettingsBodySchema,
  loadAlertSettingsSchema,
  serverLoadSchema,
  serverLoadThresholdsSchema,
} from '../server-load.js';

export const server = defineContract({
  method: 'GET',
  path: '/api/servers/:id/load',
  access: 'admin',
  tags: ['servers'],
  summary:
    "A server machine's CPU, memory, disk and client count now and over the last day, and its raised load alerts (admin)",
  params: idParamsSchema,
  response: serverLoadSchema,
  errors: ['SERVER_NOT_FOUND'],
});

export const getSettings = defineContract({
  method: 'GET',
  path: '/api/load-alert-settings',
  access: 'admin',
  tags: ['servers'],
  summary: 'The thresholds of the load alerts and how long a server must stay over one (admin)',
  response: loadAlertSettingsSchema,
});

export const updateSettings = defineContract({
  method: 'PUT',
  path: '/api/load-alert-settings',
  access: 'admin',
  tags: ['servers'],
  summary:
    'Change the load alerts: CPU, memory and disk in percent and the client count (null: not watched), and the minutes a server must stay over one before admins hear (admin)',
  body: loadAlertSettingsBodySchema,
  response: loadAlertSettingsSchema,
  errors: ['LOAD_ALERT_INVALID_SETTINGS'],
});

export const updateServerThresholds = defineContract({
  method: 'PUT',
  path: '/api/servers/:id/load-alert-settings',
  access: 'admin',
  tags: ['servers'],
  summary:
    "A server's own load thresholds, replacing what it set before: a field given overrides the global one (null: not watched on this server), a field left out follows the global settings (admin)",
  params: idParamsSchema,
  body: loadAlertOverridesSchema,
  response: serverLoadThresholdsSchema,
  errors: ['SERVER_NOT_FOUND', 'LOAD_ALERT_INVALID_SETTINGS'],
});
