import { contractGroup, defineContract } from '../contract.js';
import {
  lineConnectionsSchema,
  lineKickBodySchema,
  lineKickResultSchema,
  lineSharingSchema,
  onlineByServerSchema,
  sharingSettingsBodySchema,
  sharingSettingsSchema,
} from '../line-connections.js';
import { idParamsSchema } from '../schema-blocks.js';

const tags = ['lines'];
/** Who is connected to one line, for whoever may see the line. */
const connectionsContract = contractGroup({ access: { permission: 'view_users' }, tags });

export const get = connectionsContract({
  method: 'GET',
  path: '/api/lines/:id/connections',
  summary: 'Who is connected to the line now, its sharing flag and the IP addresses it used',
  params: idParamsSchema,
  response: lineConnectionsSchema,
  errors: ['LINE_NOT_FOUND'],
});

export const kick = connectionsContract({
  method: 'POST',
  path: '/api/lines/:id/connections/kick',
  summary: 'End one connection of the line on its server (OSCam; the line stays enabled)',
  params: idParamsSchema,
  body: lineKickBodySchema,
  response: lineKickResultSchema,
  errors: ['LINE_NOT_FOUND', 'LINE_CONNECTION_NOT_FOUND', 'LINE_KICK_NOT_SUPPORTED', 'LINE_KICK_FAILED'],
});

export const sharing = connectionsContract({
  method: 'GET',
  path: '/api/lines/:id/sharing',
  summary:
    "The line's sharing score and its evidence: when, from which address, network and country, and what was seen",
  params: idParamsSchema,
  response: lineSharingSchema,
  errors: ['LINE_NOT_FOUND'],
});

export const onlineByServer = defineContract({
  method: 'GET',
  path: '/api/dashboard/online',
  access: { permission: 'view_users' },
  tags: ['dashboard'],
  summary: 'Lines online now per server (admins: every line; resellers: their own)',
  response: onlineByServerSchema,
});

export const getSharingSettings = defineContract({
  method: 'GET',
  path: '/api/sharing-settings',
  access: 'admin',
  tags,
  summary: 'Sharing detection settings (admin)',
  response: sharingSettingsSchema,
});

export const updateSharingSettings = defineContract({
  method: 'PUT',
  path: '/api/sharing-settings',
  access: 'admin',
  tags,
  summary:
    'Change sharing detection (admin): alert on simultaneous IPs, on too many IPs in a window, and whether to suspend automatically',
  body: sharingSettingsBodySchema,
  response: sharingSettingsSchema,
  errors: ['LINE_SHARING_INVALID_SETTINGS'],
});
