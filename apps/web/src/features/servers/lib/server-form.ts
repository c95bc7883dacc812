import {
  DEFAULT_NEWCAMD_DES_KEY,
  DEFAULT_SERVER_API_PORT,
  DEFAULT_SERVER_PORT,
  DEFAULT_SERVER_PROTOCOL,
  isDnsHostname,
  isHost,
  normalizeHostname,
  isNewcamdDesKey,
  isPort,
  normalizeNewcamdDesKey,
  serverCreateBodySchema,
  serverProtocols,
  type Server,
  type ServerCreateBody,
  type ServerPatchBody,
} from '@linedesk/shared';
import { z } from 'zod';

export type ServerFormMode = 'create' | 'edit';

/**
 * The server's package names as the form edits them, one group a line: `1 = Sports`. Null when a
 * line is not "number = name" or the API would refuse the names (numbers 1–64, names unique).
 */
export function parseGroupNames(text: string): Record<string, string> | null {
  const names: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const match = /^(\d{1,2})\s*[=:]\s*(.+)$/.exec(line);
    if (!match || names[String(Number(match[1]))] !== undefined) return null;
    names[String(Number(match[1]))] = match[2]!.trim();
  }
  return serverCreateBodySchema.shape.group_names.safeParse(names).success ? names : null;
}

export function formatGroupNames(names: Record<string, string>): string {
  return Object.entries(names)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([group, name]) => `${group} = ${name}`)
    .join('\n');
}

/** oscam.services labels, separated by commas or spaces; null when one is not a label. */
export function parseServiceNames(text: string): string[] | null {
  const names = text.split(/[\s,]+/).filter((name) => name !== '');
  const parsed = serverCreateBodySchema.shape.service_names.safeParse(names);
  return parsed.success ? (parsed.data ?? []) : null;
}

const portText = (outOfRange: string) =>
  z
    .string()
    .trim()
    .min(1, { error: 'REQUIRED' })
    .refine((value) => /^\d+$/.test(value) && isPort(Number(value)), { error: outOfRange });

/**
 * Mirrors the API's server rules field by field, so mistakes show next to the field; the
 * API still has the last word and its combined message is shown when it refuses.
 */
export function serverFormSchema(mode: ServerFormMode) {
  return z
    .object({
      server_name: z
        .string()
        .trim()
        .min(1, { error: mode === 'create' ? 'REQUIRED' : 'SERVER_NAME_EMPTY' })
        .max(100, { error: 'TOO_LONG' }),
      host_ip: z
        .string()
        .trim()
        .min(1, { error: 'REQUIRED' })
        .max(255, { error: 'TOO_LONG' })
        .refine(isHost, { error: 'INVALID_HOST' }),
      // Optional: empty means none (connection lines use the host).
      hostname: z
        .string()
        .trim()
        .max(253, { error: 'TOO_LONG' })
        .refine((value) => value === '' || isDnsHostname(value), { error: 'INVALID_HOSTNAME' }),
      // Adding checks the card-sharing port with its own text; editing uses the general one.
      port: portText(mode === 'create' ? 'CCCAM_PORT_OUT_OF_RANGE' : 'PORT_OUT_OF_RANGE'),
      api_port: portText('PORT_OUT_OF_RANGE'),
      protocol: z.enum(serverProtocols),
      newcamd_des_key: z.string(),
      username: z.string().min(1, { error: 'REQUIRED' }).max(128, { error: 'TOO_LONG' }),
      // Empty on edit keeps the stored password, which the API never sends back.
      password:
        mode === 'create'
          ? z.string().min(1, { error: 'REQUIRED' }).max(256, { error: 'TOO_LONG' })
          : z.string().max(256, { error: 'TOO_LONG' }),
      use_tls: z.boolean(),
      tls_insecure: z.boolean(),
      group_names: z.string().refine((text) => parseGroupNames(text) !== null, {
        error: 'SERVER_INVALID_GROUP_NAMES',
      }),
      service_names: z.string().refine((text) => parseServiceNames(text) !== null, {
        error: 'SERVER_INVALID_SERVICE_NAMES',
      }),
    })
    .refine(
      (values) => values.protocol !== 'NewCamd' || isNewcamdDesKey(String(values.newcamd_des_key ?? '')),
      {
        error: 'INVALID_DES_KEY',
        path: ['newcamd_des_key'],
        // The key field shows only for NewCamd, so only then may it hold the form back; checked with
        // the other fields rather than after them.
        when: () => true,
      },
    );
}

export type ServerFormValues = z.input<ReturnType<typeof serverFormSchema>>;

export function serverFormDefaults(server?: Server | null): ServerFormValues {
  return {
    server_name: server?.server_name ?? '',
    host_ip: server?.host_ip ?? '',
    hostname: server?.hostname ?? '',
    port: String(server?.port ?? DEFAULT_SERVER_PORT),
    api_port: String(server?.api_port ?? DEFAULT_SERVER_API_PORT),
    protocol: server?.protocol ?? DEFAULT_SERVER_PROTOCOL,
    newcamd_des_key: server?.newcamd_des_key ?? DEFAULT_NEWCAMD_DES_KEY,
    username: server?.username ?? '',
    password: '',
    use_tls: server?.use_tls ?? false,
    tls_insecure: server?.tls_insecure ?? false,
    group_names: formatGroupNames(server?.group_names ?? {}),
    service_names: (server?.service_names ?? []).join(', '),
  };
}

export function toServerBody(values: ServerFormValues): ServerCreateBody & ServerPatchBody {
  return {
    server_name: values.server_name.trim(),
    host_ip: values.host_ip.trim(),
    hostname: normalizeHostname(values.hostname),
    port: Number(values.port),
    api_port: Number(values.api_port),
    protocol: values.protocol,
    // A key typed while NewCamd was picked and left half-done after switching to CCcam is dropped.
    ...(isNewcamdDesKey(values.newcamd_des_key)
      ? { newcamd_des_key: normalizeNewcamdDesKey(values.newcamd_des_key) }
      : {}),
    username: values.username,
    ...(values.password ? { password: values.password } : {}),
    use_tls: values.use_tls,
    // Only meaningful over HTTPS; never left switched on for a plain connection.
    tls_insecure: values.use_tls && values.tls_insecure,
    group_names: parseGroupNames(values.group_names) ?? {},
    service_names: parseServiceNames(values.service_names) ?? [],
  };
}
