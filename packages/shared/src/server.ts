import { z } from 'zod';
import { idSchema, nonEmptyPatch, text } from './schema-blocks.js';
import { errorMessages } from './errors.js';
import { listQuerySchema } from './list.js';
import { newcamdDesKeySchema } from './newcamd-des-key.js';
import { isServiceList, OSCAM_MAX_GROUP } from './line-config-files.js';

/** Card-sharing servers and the line agent that runs on them. */
export const serverProtocols = ['CCcam', 'NewCamd'] as const;
export const serverProtocolSchema = z.enum(serverProtocols);
export type ServerProtocol = z.infer<typeof serverProtocolSchema>;

/** The config file a server's agent writes. */
export const serverBackends = ['oscam', 'cccam'] as const;
export const serverBackendSchema = z.enum(serverBackends);
export type ServerBackend = z.infer<typeof serverBackendSchema>;

export const serverStatuses = ['active', 'inactive', 'error'] as const;
export const serverStatusSchema = z.enum(serverStatuses);
export type ServerStatus = z.infer<typeof serverStatusSchema>;

// Defaults and the port range of a server (docs/spec-rules.md, "Server ports").
export const DEFAULT_SERVER_PORT = 12000;
export const DEFAULT_SERVER_API_PORT = 3000;
export const DEFAULT_SERVER_PROTOCOL: ServerProtocol = 'CCcam';
export const PORT_MIN = 1;
export const PORT_MAX = 65535;

/** Required when adding a server, in the order 'Missing required fields: ...' lists them. */
export const serverRequiredFields = ['server_name', 'host_ip', 'port', 'username', 'password'] as const;
/** Without any of these the agent cannot be reached ("configuration is incomplete"). */
export const serverConnectionFields = ['host_ip', 'port', 'api_port', 'username', 'password'] as const;

/** The server record as the API returns it; the password never leaves the server. */
export const serverSchema = z.object({
  id: z.number().int(),
  server_name: text(),
  host_ip: text(),
  /** The public DNS name connection lines use instead of host_ip; null when the server has none. */
  hostname: text().nullable(),
  port: z.number().int(),
  api_port: z.number().int(),
  username: text(),
  has_password: z.boolean(),
  protocol: serverProtocolSchema,
  /** 14 bytes as 28 hex characters, for the customers' `N:` lines when the protocol is NewCamd. */
  newcamd_des_key: text(),
  status: serverStatusSchema,
  use_tls: z.boolean(),
  /** Accept a self-signed certificate from the agent (https only). */
  tls_insecure: z.boolean(),
  user_id: text().nullable(),
  created_at: text(),
  last_connection: text().nullable(),
  last_error: text().nullable(),
  /** The agent's version reported by the last successful test. */
  version: text().nullable(),
  /** The names of its OSCam groups, the packages plans sell: `{"1": "Sports"}`. */
  group_names: z.record(text(), text()),
  /** The labels of its oscam.services sections; empty: not listed (plans' services are not checked). */
  service_names: z.array(text()),
  /**
   * The file its agent writes, as its last successful test reported: `oscam` (oscam.user) or
   * `cccam` (CCcam.cfg); null before a test with an agent that says. Lines move only between
   * servers whose agents write the same file (`moveTargetRefusal`).
   */
  backend: serverBackendSchema.nullable(),
  /** The server holding this one's lines in advance (docs/standby.md); null when it has none. */
  standby_id: z.number().int().nullable(),
  /**
   * Whether its standby serves its lines now: it has one and is down, by its connection check
   * (`status` error) or the outage watch (an open outage: unreachable, or a low answer rate for the
   * admin's minutes; docs/outages.md). `standbyServing` on the server is the rule.
   */
  standby_serving: z.boolean(),
});
export type Server = z.infer<typeof serverSchema>;

/** PUT /api/servers/:id/standby: the server to hold this one's lines in advance, or null for none. */
export const serverStandbyBodySchema = z.object({ standby_id: idSchema.nullable() });
export type ServerStandbyBody = z.infer<typeof serverStandbyBodySchema>;

export const SERVER_GROUP_NAME_MAX = 50;

/** Group number (1–64, as text: a JSON key) → its package name, unique per server. */
function serverGroupNamesSchema() {
  return z
    .record(
      text().regex(/^[1-9][0-9]?$/, { error: 'SERVER_INVALID_GROUP_NAMES' }),
      text().trim().min(1, { error: 'SERVER_INVALID_GROUP_NAMES' }).max(SERVER_GROUP_NAME_MAX, {
        error: 'SERVER_INVALID_GROUP_NAMES',
      }),
    )
    .refine(
      (names) =>
        Object.keys(names).every((key) => Number(key) >= 1 && Number(key) <= OSCAM_MAX_GROUP) &&
        new Set(Object.values(names).map((name) => name.toLowerCase())).size === Object.keys(names).length,
      { error: 'SERVER_INVALID_GROUP_NAMES' },
    );
}

function serverServiceNamesSchema() {
  return z
    .array(
      text()
        .trim()
        .refine((name) => !name.startsWith('!') && isServiceList([name]), {
          error: 'SERVER_INVALID_SERVICE_NAMES',
        }),
    )
    .max(256, { error: 'SERVER_INVALID_SERVICE_NAMES' })
    .transform((names) => [...new Set(names)]);
}

/**
 * Loose on purpose: the required-field and port rules produce one combined message, so they
 * are checked by `checkServerCreate`, which the web form can call too.
 */
export const serverCreateBodySchema = z.object({
  server_name: text().max(100).nullish(),
  host_ip: text().max(255).nullish(),
  /** Empty or null: none (connection lines use host_ip). */
  hostname: text().max(253).nullish(),
  port: z.number().nullish(),
  api_port: z.number().nullish(),
  username: text().max(128).nullish(),
  password: text().max(256).nullish(),
  protocol: serverProtocolSchema.optional(),
  /** Without it: the usual default key 01 02 … 14. Spaces or colons between the bytes are allowed. */
  newcamd_des_key: newcamdDesKeySchema.optional(),
  use_tls: z.boolean().optional(),
  tls_insecure: z.boolean().optional(),
  group_names: serverGroupNamesSchema().optional(),
  service_names: serverServiceNamesSchema().optional(),
});
export type ServerCreateBody = z.infer<typeof serverCreateBodySchema>;

/**
 * The create fields, each optional, and a status. An empty or absent password keeps the stored one:
 * the API never sends it back for an edit form.
 */
export const serverPatchBodySchema = nonEmptyPatch(
  serverCreateBodySchema.extend({
    /** Takes a server out of use; only a successful connection test makes it active. */
    status: z.literal('inactive').optional(),
  }),
);
export type ServerPatchBody = z.infer<typeof serverPatchBodySchema>;

export const serverListQuerySchema = listQuerySchema.extend({ status: serverStatusSchema.optional() });
export type ServerListQuery = z.infer<typeof serverListQuerySchema>;

export const serverTestCodes = [
  'SERVER_CONFIG_INCOMPLETE',
  'SERVER_CONNECTION_FAILED',
  'SERVER_HEALTH_CHECK_FAILED',
  'SERVER_AUTH_FAILED',
  'SERVER_API_NOT_RESPONDING',
  'SERVER_AGENT_TAKEN',
  'SERVER_AGENT_IDENTITY_CHANGED',
] as const;
export type ServerTestCode = (typeof serverTestCodes)[number];

export const serverTestResultSchema = z.object({
  ok: z.boolean(),
  status: serverStatusSchema,
  /** GET /health answered 2xx. */
  health: z.boolean(),
  /** The authenticated GET / answered 2xx. */
  auth: z.boolean(),
  version: text().nullable(),
  /** The spec's text for the failure, with its parameter (status, reason, fields). */
  message: text(),
  /** Error code of the failure (null on success), for translation. */
  code: z.enum(serverTestCodes).nullable(),
  /** The HTTP status behind a status-based failure. */
  http_status: z.number().int().nullable(),
  last_connection: text().nullable(),
});
export type ServerTestResult = z.infer<typeof serverTestResultSchema>;

export const serverCheckItemSchema = serverTestResultSchema.extend({
  id: z.number().int(),
  server_name: text(),
});
export type ServerCheckItem = z.infer<typeof serverCheckItemSchema>;

/** What non-admins may know about a server: enough to pick one for a line. */
export const activeServerSchema = z.object({
  id: z.number().int(),
  server_name: text(),
  protocol: serverProtocolSchema,
  /** The file its agent writes (see `serverSchema`). */
  backend: serverBackendSchema.nullable(),
});
export type ActiveServer = z.infer<typeof activeServerSchema>;

/** `GET /api/config` (the spec's /api/config.php). */
export const clientConfigSchema = z.object({ host_ip: text(), api_port: z.number().int() });
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** Line agent endpoints the diagnostics page may call (docs/line-agent-api.md). */
export const agentEndpoints = ['health', 'root', 'add-user', 'edit-user', 'delete-user', 'users'] as const;
export type AgentEndpoint = (typeof agentEndpoints)[number];

export const agentCallBodySchema = z.object({
  endpoint: z.enum(agentEndpoints),
  body: z.record(text(), z.unknown()).optional(),
});
export type AgentCallBody = z.infer<typeof agentCallBodySchema>;

export const agentCallResultSchema = z.object({
  /** What was sent, without the Authorization header. */
  request: z.object({ method: text(), url: text(), body: z.unknown() }),
  /** Null when no answer came (network error or timeout; see `error`). */
  response: z.object({ status: z.number().int(), body: z.unknown() }).nullable(),
  error: text().nullable(),
  duration_ms: z.number(),
});
export type AgentCallResult = z.infer<typeof agentCallResultSchema>;

// --- Rules, shared by the API and the web form ---

export type ServerIssueCode =
  | 'MISSING_REQUIRED_FIELDS'
  | 'CCCAM_PORT_OUT_OF_RANGE'
  | 'PORT_OUT_OF_RANGE'
  | 'SERVER_NAME_EMPTY'
  | 'INVALID_HOST'
  | 'INVALID_HOSTNAME';

/** One refusal: the code, the full English text and the fields it is about. */
export type ServerIssue = { code: ServerIssueCode; message: string; fields: string[] };

export function isPort(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= PORT_MIN && value <= PORT_MAX;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A host name, IPv4 or IPv6 address, nothing else: the value becomes part of the agent's URL, so a
 * path, port or credentials typed into it must not sneak in.
 */
export function isHost(value: string): boolean {
  const host = value.trim();
  if (host === '' || /[\s/?#@\\]/.test(host)) return false;
  const bracketed = host.includes(':') ? `[${host.replace(/^\[|\]$/g, '')}]` : host;
  try {
    return new URL(`http://${bracketed}/`).port === '';
  } catch {
    return false;
  }
}

/**
 * A DNS name customers can type into a receiver: dot-separated labels of letters, digits and inner
 * hyphens (at most 63 characters each, 253 in all), with at least one dot and a top-level label that
 * is not all digits (so an IPv4 address is no hostname: that belongs in host_ip).
 */
export function isDnsHostname(value: string): boolean {
  const name = value.trim().replace(/\.$/, '');
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1]!);
}

/** The stored form of a hostname from a form: trimmed, lower case, without the root dot; null = none. */
export function normalizeHostname(value: string | null | undefined): string | null {
  const name = value?.trim().replace(/\.$/, '').toLowerCase() ?? '';
  return name === '' ? null : name;
}

/** Where customers connect to a server: its public hostname when it has one, else its host. */
export function serverPublicHost(server: { host_ip: string; hostname?: string | null }): string {
  return server.hostname || server.host_ip;
}

/** A server's address as a line's host_port entry: "host:port", the public host first. */
export function serverAddress(server: { host_ip: string; hostname?: string | null; port: number }): string {
  return `${serverPublicHost(server)}:${server.port}`;
}

function hostnameIssue(body: { hostname?: string | null }): ServerIssue | null {
  if (isBlank(body.hostname) || isDnsHostname(body.hostname!)) return null;
  return { code: 'INVALID_HOSTNAME', message: errorMessages.INVALID_HOSTNAME, fields: ['hostname'] };
}

export function missingFieldsMessage(fields: readonly string[]): string {
  return `${errorMessages.MISSING_REQUIRED_FIELDS}: ${fields.join(', ')}`;
}

export function incompleteConfigMessage(fields: readonly string[]): string {
  return `${errorMessages.SERVER_CONFIG_INCOMPLETE}. Missing fields: ${fields.join(', ')}`;
}

/** Connection fields the stored configuration lacks, in the spec's order. */
export function missingConnectionFields(config: {
  host_ip: string | null | undefined;
  port: number | null | undefined;
  api_port: number | null | undefined;
  username: string | null | undefined;
  has_password: boolean;
}): string[] {
  return serverConnectionFields.filter((field) =>
    field === 'password' ? !config.has_password : isBlank(config[field]),
  );
}

export function checkServerCreate(body: ServerCreateBody): ServerIssue | null {
  const missing = serverRequiredFields.filter((field) => isBlank(body[field]));
  if (missing.length > 0) {
    return { code: 'MISSING_REQUIRED_FIELDS', message: missingFieldsMessage(missing), fields: missing };
  }
  if (!isPort(body.port)) {
    return {
      code: 'CCCAM_PORT_OUT_OF_RANGE',
      message: errorMessages.CCCAM_PORT_OUT_OF_RANGE,
      fields: ['port'],
    };
  }
  if (body.api_port !== undefined && body.api_port !== null && !isPort(body.api_port)) {
    return { code: 'PORT_OUT_OF_RANGE', message: errorMessages.PORT_OUT_OF_RANGE, fields: ['api_port'] };
  }
  if (!isHost(body.host_ip ?? '')) {
    return { code: 'INVALID_HOST', message: errorMessages.INVALID_HOST, fields: ['host_ip'] };
  }
  return hostnameIssue(body);
}

export function checkServerPatch(body: ServerPatchBody): ServerIssue | null {
  if (body.server_name !== undefined && isBlank(body.server_name)) {
    return { code: 'SERVER_NAME_EMPTY', message: errorMessages.SERVER_NAME_EMPTY, fields: ['server_name'] };
  }
  for (const field of ['port', 'api_port'] as const) {
    if (body[field] !== undefined && !isPort(body[field])) {
      return { code: 'PORT_OUT_OF_RANGE', message: errorMessages.PORT_OUT_OF_RANGE, fields: [field] };
    }
  }
  // An emptied host is allowed (the spec only guards name and port on update); the connection test
  // then reports the configuration as incomplete.
  if (!isBlank(body.host_ip) && !isHost(body.host_ip!)) {
    return { code: 'INVALID_HOST', message: errorMessages.INVALID_HOST, fields: ['host_ip'] };
  }
  return hostnameIssue(body);
}
