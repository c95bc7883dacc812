import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { EnvFileError, parseEnvFile } from './env-file';

export type BackendName = 'cccam' | 'oscam';

export type AgentConfig = {
  port: number;
  host: string;
  backend: BackendName;
  configFile: string;
  stateFile: string;
  backupFile: string;
  username: string;
  password: string;
  reloadCommand: string | null;
  reloadTimeoutMs: number;
  pidFile: string | null;
  tls: { certFile: string; keyFile: string } | null;
  expiryCheckSeconds: number;
  maxBodyBytes: number;
  /** Changes arriving within this many ms after the first one share one write and one reload. */
  reloadGatherMs: number;
  cccam: {
    uphops: number;
    shareEmus: number;
    allowEmm: number;
    lineSuffix: string;
    /** CCcam's info page (`WEBINFO LISTEN PORT`), for GET /connections. */
    webinfo: HttpLogin | null;
  };
  oscam: {
    group: string;
    /** OSCam's web interface: account reloads (reinit), live connections and kicks. */
    webif: HttpLogin | null;
    /** oscam.conf, read at start when OSCam is reloaded by SIGHUP (reload_useraccounts). */
    confFile: string;
  };
};

/** Where a web page of the card-sharing server answers, and its login (empty user: no login). */
export type HttpLogin = { url: string; username: string; password: string };

export class ConfigError extends Error {}

export const CONFIG_KEYS = [
  'AGENT_PORT',
  'AGENT_HOST',
  'AGENT_BACKEND',
  'AGENT_CONFIG_FILE',
  'AGENT_STATE_FILE',
  'AGENT_USERNAME',
  'AGENT_PASSWORD',
  'AGENT_RELOAD_COMMAND',
  'AGENT_RELOAD_TIMEOUT_SECONDS',
  'AGENT_PID_FILE',
  'AGENT_TLS_CERT',
  'AGENT_TLS_KEY',
  'AGENT_EXPIRY_CHECK_SECONDS',
  'AGENT_MAX_BODY_BYTES',
  'AGENT_CCCAM_UPHOPS',
  'AGENT_CCCAM_SHAREEMUS',
  'AGENT_CCCAM_ALLOWEMM',
  'AGENT_CCCAM_LINE_SUFFIX',
  'AGENT_OSCAM_GROUP',
  'AGENT_OSCAM_WEBIF_URL',
  'AGENT_OSCAM_WEBIF_USER',
  'AGENT_OSCAM_WEBIF_PASSWORD',
  'AGENT_OSCAM_CONF_FILE',
  'AGENT_CCCAM_WEBINFO_URL',
  'AGENT_CCCAM_WEBINFO_USER',
  'AGENT_CCCAM_WEBINFO_PASSWORD',
  'AGENT_RELOAD_GATHER_MS',
] as const;

type ConfigKey = (typeof CONFIG_KEYS)[number];

function integer(key: ConfigKey, min: number, max: number, fallback: number) {
  const message = `${key} must be a whole number between ${min} and ${max}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .default(fallback);
}

function required(key: ConfigKey) {
  return z.string({ error: `${key} is required` }).min(1, { error: `${key} is required` });
}

const schema = z.object({
  AGENT_PORT: integer('AGENT_PORT', 1, 65535, 3000),
  AGENT_HOST: z.string().default('0.0.0.0'),
  AGENT_BACKEND: z.enum(['cccam', 'oscam'], { error: 'AGENT_BACKEND must be "cccam" or "oscam"' }).optional(),
  AGENT_CONFIG_FILE: required('AGENT_CONFIG_FILE'),
  AGENT_STATE_FILE: z.string().optional(),
  AGENT_USERNAME: required('AGENT_USERNAME').refine((value) => !value.includes(':'), {
    error: 'AGENT_USERNAME must not contain ":" (HTTP Basic auth cannot carry it)',
  }),
  AGENT_PASSWORD: required('AGENT_PASSWORD'),
  AGENT_RELOAD_COMMAND: z.string().optional(),
  AGENT_RELOAD_TIMEOUT_SECONDS: integer('AGENT_RELOAD_TIMEOUT_SECONDS', 1, 600, 15),
  AGENT_PID_FILE: z.string().optional(),
  AGENT_TLS_CERT: z.string().optional(),
  AGENT_TLS_KEY: z.string().optional(),
  AGENT_EXPIRY_CHECK_SECONDS: integer('AGENT_EXPIRY_CHECK_SECONDS', 1, 86400, 60),
  AGENT_MAX_BODY_BYTES: integer('AGENT_MAX_BODY_BYTES', 1024, 10 * 1024 * 1024, 64 * 1024),
  AGENT_CCCAM_UPHOPS: integer('AGENT_CCCAM_UPHOPS', 0, 9, 1),
  AGENT_CCCAM_SHAREEMUS: integer('AGENT_CCCAM_SHAREEMUS', 0, 1, 0),
  AGENT_CCCAM_ALLOWEMM: integer('AGENT_CCCAM_ALLOWEMM', 0, 1, 0),
  AGENT_CCCAM_LINE_SUFFIX: z
    .string()
    .refine((value) => !/[\r\n#]/.test(value), {
      error: 'AGENT_CCCAM_LINE_SUFFIX must be a single line without "#"',
    })
    .default('{ 0:0:2 }'),
  AGENT_OSCAM_GROUP: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: 'AGENT_OSCAM_GROUP must be a group number or a comma list like 1,2' })
    .default('1'),
  AGENT_OSCAM_WEBIF_URL: webUrl('AGENT_OSCAM_WEBIF_URL'),
  AGENT_OSCAM_WEBIF_USER: z.string().optional(),
  AGENT_OSCAM_WEBIF_PASSWORD: z.string().optional(),
  AGENT_OSCAM_CONF_FILE: z.string().optional(),
  AGENT_CCCAM_WEBINFO_URL: webUrl('AGENT_CCCAM_WEBINFO_URL'),
  AGENT_CCCAM_WEBINFO_USER: z.string().optional(),
  AGENT_CCCAM_WEBINFO_PASSWORD: z.string().optional(),
  AGENT_RELOAD_GATHER_MS: z.coerce
    .number({ error: 'AGENT_RELOAD_GATHER_MS must be a whole number between 0 and 60000' })
    .int({ error: 'AGENT_RELOAD_GATHER_MS must be a whole number between 0 and 60000' })
    .min(0, { error: 'AGENT_RELOAD_GATHER_MS must be a whole number between 0 and 60000' })
    .max(60_000, { error: 'AGENT_RELOAD_GATHER_MS must be a whole number between 0 and 60000' })
    .optional(),
});

function webUrl(key: ConfigKey) {
  return z
    .string()
    .refine((value) => /^https?:\/\/[^/\s]+/i.test(value) && URL.canParse(value), {
      error: `${key} must be an http:// or https:// address, like http://127.0.0.1:8888`,
    })
    .optional();
}

function login(url: string | undefined, username: string | undefined, password: string | undefined) {
  return url ? { url: url.replace(/\/+$/, ''), username: username ?? '', password: password ?? '' } : null;
}

export type ConfigSources = {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
};

/** `--config <file>`, `--config=<file>` or AGENT_CONFIG name a KEY=VALUE file with the same keys. */
function configFilePath(argv: readonly string[], env: ConfigSources['env']): string | null {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--config') {
      const next = argv[i + 1];
      if (!next) throw new ConfigError('--config needs a file path');
      return next;
    }
    if (arg?.startsWith('--config=')) return arg.slice('--config='.length);
  }
  return env.AGENT_CONFIG ? env.AGENT_CONFIG : null;
}

function readConfigFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read config file ${file}: ${(error as Error).message}`);
  }
  let values: Record<string, string>;
  try {
    values = parseEnvFile(text);
  } catch (error) {
    if (error instanceof EnvFileError) throw new ConfigError(`Config file ${file}, ${error.message}`);
    throw error;
  }
  // A misspelt key would otherwise be ignored and the default used without any hint.
  const known = new Set<string>(CONFIG_KEYS);
  const unknown = Object.keys(values).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new ConfigError(`Config file ${file} has unknown keys: ${unknown.join(', ')}`);
  }
  return values;
}

function inferBackend(configFile: string): BackendName | null {
  const name = path.basename(configFile).toLowerCase();
  if (name.includes('oscam')) return 'oscam';
  if (name.includes('cccam')) return 'cccam';
  return null;
}

export function loadConfig({ argv, env, cwd }: ConfigSources): AgentConfig {
  const file = configFilePath(argv, env);
  const merged: Record<string, string> = file ? readConfigFile(path.resolve(cwd, file)) : {};
  // The environment wins over the file, so a systemd drop-in can override a single key.
  for (const key of CONFIG_KEYS) {
    const value = env[key];
    if (value !== undefined) merged[key] = value;
  }
  // Empty values (KEY= in a file) mean "not set", which is what operators expect from env files;
  // the line suffix is the exception because empty is a meaningful value there (a bare F: line).
  for (const key of Object.keys(merged)) {
    if (key !== 'AGENT_CCCAM_LINE_SUFFIX' && merged[key]?.trim() === '') delete merged[key];
  }

  const parsed = schema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  - ${issue.message}`);
    throw new ConfigError(`Invalid agent configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;

  const configFile = path.resolve(cwd, values.AGENT_CONFIG_FILE);
  const backend = values.AGENT_BACKEND ?? inferBackend(configFile);
  if (!backend) {
    throw new ConfigError(
      'Invalid agent configuration:\n  - AGENT_BACKEND is required ("cccam" or "oscam") when the config file name does not say which',
    );
  }
  if (Boolean(values.AGENT_TLS_CERT) !== Boolean(values.AGENT_TLS_KEY)) {
    throw new ConfigError(
      'Invalid agent configuration:\n  - AGENT_TLS_CERT and AGENT_TLS_KEY must be set together',
    );
  }

  return {
    port: values.AGENT_PORT,
    host: values.AGENT_HOST,
    backend,
    configFile,
    stateFile: path.resolve(cwd, values.AGENT_STATE_FILE ?? `${configFile}.linedesk.json`),
    backupFile: `${configFile}.bak`,
    username: values.AGENT_USERNAME,
    password: values.AGENT_PASSWORD,
    reloadCommand: values.AGENT_RELOAD_COMMAND ?? null,
    reloadTimeoutMs: values.AGENT_RELOAD_TIMEOUT_SECONDS * 1000,
    pidFile: values.AGENT_PID_FILE ? path.resolve(cwd, values.AGENT_PID_FILE) : null,
    tls:
      values.AGENT_TLS_CERT && values.AGENT_TLS_KEY
        ? {
            certFile: path.resolve(cwd, values.AGENT_TLS_CERT),
            keyFile: path.resolve(cwd, values.AGENT_TLS_KEY),
          }
        : null,
    expiryCheckSeconds: values.AGENT_EXPIRY_CHECK_SECONDS,
    maxBodyBytes: values.AGENT_MAX_BODY_BYTES,
    // A CCcam reload is a restart that drops every client, so changes are gathered a moment first.
    reloadGatherMs:
      values.AGENT_RELOAD_GATHER_MS ?? (backend === 'cccam' && values.AGENT_RELOAD_COMMAND ? 1000 : 0),
    cccam: {
      uphops: values.AGENT_CCCAM_UPHOPS,
      shareEmus: values.AGENT_CCCAM_SHAREEMUS,
      allowEmm: values.AGENT_CCCAM_ALLOWEMM,
      lineSuffix: values.AGENT_CCCAM_LINE_SUFFIX.trim(),
      webinfo: login(
        values.AGENT_CCCAM_WEBINFO_URL,
        values.AGENT_CCCAM_WEBINFO_USER,
        values.AGENT_CCCAM_WEBINFO_PASSWORD,
      ),
    },
    oscam: {
      group: values.AGENT_OSCAM_GROUP,
      webif: login(
        values.AGENT_OSCAM_WEBIF_URL,
        values.AGENT_OSCAM_WEBIF_USER,
        values.AGENT_OSCAM_WEBIF_PASSWORD,
      ),
      confFile: values.AGENT_OSCAM_CONF_FILE
        ? path.resolve(cwd, values.AGENT_OSCAM_CONF_FILE)
        : path.join(path.dirname(configFile), 'oscam.conf'),
    },
  };
}
