import type {
  ActiveServer,
  AgentCallBody,
  AgentCallResult,
  ClientConfig,
  ListResponse,
  Server,
  ServerCheckItem,
  ServerCreateBody,
  ServerPatchBody,
  ServerTestResult,
} from '@linedesk/shared';
import type { RouteExamples } from '../../platform/openapi-examples.js';

const ADMIN_ID = 'Ad9mQ4nX7vLc2RkT';

/** The server the lines examples sell on (id 3, tv.example.com:12000). */
const frankfurt: Server = {
  id: 3,
  server_name: 'Frankfurt 1',
  host_ip: 'tv.example.com',
  hostname: null,
  port: 12000,
  api_port: 3000,
  username: 'linedesk',
  has_password: true,
  protocol: 'CCcam',
  newcamd_des_key: '0102030405060708091011121314',
  status: 'active',
  use_tls: true,
  tls_insecure: false,
  user_id: ADMIN_ID,
  created_at: '2026-08-14T07:45:12.204Z',
  last_connection: '2026-11-22T09:10:00.377Z',
  last_error: null,
  version: '0.1.0',
  group_names: { '1': 'Sports', '3': 'Football' },
  service_names: ['sports', 'adult'],
  backend: 'oscam',
  standby_id: null,
  standby_serving: false,
};

const createBody: ServerCreateBody = {
  server_name: 'Frankfurt 2',
  host_ip: 'fra2.example.com',
  port: 12000,
  api_port: 3000,
  username: 'linedesk',
  password: 'agent-password-here',
  protocol: 'NewCamd',
  // Spaces between the bytes are allowed; the key is stored and answered without them.
  newcamd_des_key: '1F 2E 3D 4C 5B 6A 79 88 97 A6 B5 C4 D3 E2',
  use_tls: true,
  tls_insecure: false,
};

// A new server starts inactive until a connection test succeeds; the password is never sent back.
const created: Server = {
  id: 6,
  server_name: 'Frankfurt 2',
  host_ip: 'fra2.example.com',
  hostname: null,
  port: 12000,
  api_port: 3000,
  username: 'linedesk',
  has_password: true,
  protocol: 'NewCamd',
  newcamd_des_key: '1F2E3D4C5B6A798897A6B5C4D3E2',
  status: 'inactive',
  use_tls: true,
  tls_insecure: false,
  user_id: ADMIN_ID,
  created_at: '2026-11-22T09:14:03.512Z',
  last_connection: null,
  last_error: null,
  version: null,
  group_names: {},
  service_names: [],
  backend: null,
  standby_id: null,
  standby_serving: false,
};

// An empty password keeps the stored one, which is what an edit form sends.
const patchBody: ServerPatchBody = { api_port: 3443, tls_insecure: true, password: '' };

const tested: ServerTestResult = {
  ok: true,
  status: 'active',
  health: true,
  auth: true,
  version: '0.1.0',
  message: 'Connection successful',
  code: null,
  http_status: null,
  last_connection: '2026-11-22T09:14:03.790Z',
};

const checked: ServerCheckItem[] = [
  { id: 3, server_name: 'Frankfurt 1', ...tested },
  {
    id: 5,
    server_name: 'Amsterdam 1',
    ok: false,
    status: 'error',
    health: false,
    auth: false,
    version: '0.1.0',
    message: 'Failed to connect to server: connect ECONNREFUSED 198.51.100.20:3000',
    code: 'SERVER_CONNECTION_FAILED',
    http_status: null,
    last_connection: '2026-11-21T23:40:00.512Z',
  },
];

const active: ActiveServer[] = [
  { id: 4, server_name: 'Warsaw 1', protocol: 'NewCamd', backend: 'oscam' },
  { id: 3, server_name: 'Frankfurt 1', protocol: 'CCcam', backend: 'cccam' },
];

const agentCall: AgentCallBody = { endpoint: 'users' };

const agentAnswer: AgentCallResult = {
  request: { method: 'GET', url: 'https://tv.example.com:3000/users', body: null },
  response: {
    status: 200,
    body: {
      users: [
        { username: 'shop-1042', expiryDate: '22-02-2027', enabled: true },
        { username: 'shop-1043', expiryDate: '05-12-2026', enabled: false },
      ],
      message: '2 managed users',
    },
  },
  error: null,
  duration_ms: 41,
};

const list: ListResponse<Server> = { items: [frankfurt], total: 1, page: 1, page_size: 25 };
const config: ClientConfig = { host_ip: 'tv.example.com', api_port: 3000 };

export const serverExamples: RouteExamples = {
  'GET /api/servers': {
    query: {
      page: 1,
      page_size: 25,
      search: 'frankfurt',
      sort: 'server_name',
      order: 'asc',
      status: 'active',
    },
    response: list,
    errors: ['ADMIN_ONLY'],
  },
  // The rule refusals carry the fields in details; MISSING_REQUIRED_FIELDS also names them in its text.
  'POST /api/servers': {
    body: createBody,
    response: created,
    errors: [
      'ADMIN_ONLY',
      'MISSING_REQUIRED_FIELDS',
      'CCCAM_PORT_OUT_OF_RANGE',
      'PORT_OUT_OF_RANGE',
      'INVALID_HOST',
      'INVALID_DES_KEY',
    ],
  },
  'GET /api/servers/active': { response: { items: active } },
  'POST /api/servers/check': { response: { items: checked }, errors: ['ADMIN_ONLY'] },
  'GET /api/servers/:id': {
    params: { id: 3 },
    response: frankfurt,
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND'],
  },
  'PATCH /api/servers/:id': {
    params: { id: 3 },
    body: patchBody,
    response: { ...frankfurt, api_port: 3443, tls_insecure: true },
    errors: [
      'ADMIN_ONLY',
      'SERVER_NOT_FOUND',
      'SERVER_NAME_EMPTY',
      'PORT_OUT_OF_RANGE',
      'INVALID_HOST',
      'INVALID_DES_KEY',
    ],
  },
  // 204 on success.
  'DELETE /api/servers/:id': {
    noContent: true,
    params: { id: 5 },
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND'],
  },
  // A failed test still answers 200, with ok false, the failure's code and the spec's text.
  'POST /api/servers/:id/test': {
    params: { id: 3 },
    response: tested,
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND'],
  },
  'POST /api/servers/:id/agent-call': {
    params: { id: 3 },
    body: agentCall,
    response: agentAnswer,
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND', 'SERVER_CONFIG_INCOMPLETE'],
  },
  // Frankfurt 2 (id 6) takes a copy of every line of Frankfurt 1 and becomes its standby.
  'PUT /api/servers/:id/standby': {
    params: { id: 3 },
    body: { standby_id: 6 },
    response: { ...frankfurt, standby_id: 6 },
    errors: [
      'ADMIN_ONLY',
      'SERVER_NOT_FOUND',
      'SERVER_STANDBY_SELF',
      ['SERVER_STANDBY_PROTOCOL_MISMATCH', { from: 'CCcam', to: 'NewCamd' }],
      ['SERVER_IS_STANDBY', { server: 'Frankfurt 3' }],
      'SERVER_STANDBY_HAS_LINES',
    ],
  },
  // The lines of Frankfurt 1 move onto its standby as a server move (a bulk action).
  'POST /api/servers/:id/promote-standby': {
    params: { id: 3 },
    response: {
      id: 19,
      action: 'move_server',
      status: 'queued',
      total: 240,
      done: 0,
      succeeded: 0,
      refused: 0,
      charged: 0,
      attempts: 0,
      last_error: null,
      created_at: '2026-11-22T09:14:03.512Z',
      finished_at: null,
      refusals: [],
    },
    errors: ['ADMIN_ONLY', 'SERVER_NOT_FOUND', 'SERVER_NO_STANDBY', 'LINE_MOVE_TARGET_INACTIVE'],
  },
  'GET /api/config': { response: config, errors: ['NO_ACTIVE_SERVERS'] },
  'GET /api/config.php': { response: config, errors: ['NO_ACTIVE_SERVERS'] },
};
