import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import { AgentError } from './agent-error';
import { StateFileError } from './state-store';
import { createBasicAuthCheck } from './auth';
import type { AgentConfig } from './config';
import { readJsonObject, sendJson } from './http-io';
import { requestIdOf, withRequestId } from './request-id';
import type { ConnectionSource } from './connections';
import type { AdoptResult } from './adoption';
import { isoToDisplayDate } from './dates';
import type { ChangeOutcome, LineService } from './line-service';
import type { Logger } from './logger';
import { ConfigFileError } from './managed-block';
import { createLoginLimiter } from './login-limiter';
import { readMachineLoad } from './machine-load';
import {
  CCCAM_USERNAME_MAX_LENGTH,
  validateAddUser,
  validateAdopt,
  validateChanges,
  validateDeleteUser,
  validateEditUser,
} from './request-validation';
import type { Validated } from './request-validation';
import { AGENT_CAPABILITIES } from './restrictions';
import { ALL_CAIDS_LIMIT } from './cccam-backend';

type ServerConfig = Pick<
  AgentConfig,
  'username' | 'password' | 'backend' | 'maxBodyBytes' | 'tls' | 'configFile'
> &
  Partial<Pick<AgentConfig, 'cccam' | 'oscam'>>;

/**
 * What the agent writes where a line says nothing itself (OSCam: the group of a line without
 * groups; CCcam: the F-line's fields after the login), so the panel can show the entry a new line
 * will get before it is written.
 */
function entryDefaults(config: ServerConfig): Record<string, unknown> {
  if (config.backend === 'cccam') {
    if (!config.cccam) return {};
    const { uphops, shareEmus, allowEmm, lineSuffix } = config.cccam;
    return { cccam: { uphops, shareEmus, allowEmm, lineSuffix } };
  }
  return config.oscam ? { oscam: { group: config.oscam.group } } : {};
}

type Route = {
  auth: boolean;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void;
};

export type AgentServerDeps = {
  config: ServerConfig;
  service: LineService;
  connections: ConnectionSource;
  logger: Logger;
  version: string;
  /** This agent's identity (agent-identity.ts), which the panel binds one server record to. */
  agentId: string;
};

function outcomeBody(outcome: ChangeOutcome): { message: string } & Record<string, unknown> {
  return {
    message: outcome.message,
    changed: outcome.changed,
    reload: outcome.reload,
    applied: outcome.applied,
    ...(outcome.user ? { user: outcome.user } : {}),
  };
}

/** The status and message a refused or failed change answers with. */
/**
 * An adopted user with its date as DD-MM-YYYY. Its password comes along (unlike GET /users): the
 * panel records the line with the login the entry already had, which only the file holds.
 */
function adoptAnswer({ user, ...result }: AdoptResult): Record<string, unknown> {
  if (!user) return result;
  return { ...result, user: { ...user, expiryDate: isoToDisplayDate(user.expiryDate) } };
}

function errorAnswer(error: unknown): { status: number; message: string } {
  if (error instanceof AgentError) return { status: error.status, message: error.message };
  if (error instanceof ConfigFileError || error instanceof StateFileError) {
    return { status: 500, message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: 500, message: `Internal agent error: ${message}` };
}

function unwrap<T>(result: Validated<T>): T {
  if (!result.ok) throw new AgentError(400, result.message);
  return result.value;
}

export function createAgentServer({
  config,
  service,
  connections,
  logger,
  version,
  agentId,
}: AgentServerDeps): http.Server | https.Server {
  // CCcam sends 20 bytes of user name and OSCam compares 20, so a longer CCcam name never logs in.
  const rules = {
    usernameMaxLength: config.backend === 'cccam' ? CCCAM_USERNAME_MAX_LENGTH : null,
    backend: config.backend,
    cccamSuffixLimits:
      config.backend === 'cccam' &&
      (config.cccam?.lineSuffix ?? '').startsWith('{') &&
      !ALL_CAIDS_LIMIT.test(config.cccam?.lineSuffix ?? ''),
  };
  const isAuthorized = createBasicAuthCheck(config.username, config.password);
  const logins = createLoginLimiter(logger);

  const routes: Record<string, Record<string, Route>> = {
    '/health': {
      GET: { auth: false, handle: (_req, res) => sendJson(res, 200, { status: 'ok', message: 'OK' }) },
    },
    '/': {
      GET: {
        auth: true,
        handle: (_req, res) =>
          sendJson(res, 200, {
            version,
            agent_id: agentId,
            backend: config.backend,
            capabilities: AGENT_CAPABILITIES,
            defaults: entryDefaults(config),
            message: 'Linedesk agent is running',
          }),
      },
    },
    '/users': {
      GET: {
        auth: true,
        handle: (_req, res) => {
          const users = service.listUsers();
          sendJson(res, 200, {
            users,
            message: `${users.length} managed user${users.length === 1 ? '' : 's'}`,
          });
        },
      },
    },
    '/unmanaged-accounts': {
      GET: {
        auth: true,
        handle: async (_req, res) => {
          const accounts = await service.listUnmanaged();
          sendJson(res, 200, {
            accounts,
            message: `${accounts.length} account${accounts.length === 1 ? '' : 's'} not managed by the agent`,
          });
        },
      },
    },
    '/adopt': {
      POST: {
        auth: true,
        handle: async (req, res) => {
          const requests = unwrap(validateAdopt(await readJsonObject(req, config.maxBodyBytes)));
          const { results, reload } = await service.adopt(requests);
          const adopted = results.filter((result) => result.adopted).length;
          sendJson(res, 200, {
            message: `${adopted} of ${results.length} accounts adopted`,
            results: results.map(adoptAnswer),
            reload,
          });
        },
      },
    },
    '/add-user': {
      POST: {
        auth: true,
        handle: async (req, res) => {
          const input = unwrap(validateAddUser(await readJsonObject(req, config.maxBodyBytes), rules));
          sendJson(res, 200, outcomeBody(await service.addUser(input)));
        },
      },
    },
    '/edit-user': {
      PUT: {
        auth: true,
        handle: async (req, res) => {
          const input = unwrap(validateEditUser(await readJsonObject(req, config.maxBodyBytes)));
          sendJson(res, 200, outcomeBody(await service.editUser(input)));
        },
      },
    },
    '/batch': {
      POST: {
        auth: true,
        handle: async (req, res) => {
          const changes = unwrap(validateChanges(await readJsonObject(req, config.maxBodyBytes), rules));
          const results = changes.map((change) =>
            change.ok ? null : { status: 400, message: change.message },
          );
          const valid = changes.flatMap((change) => (change.ok ? [change.value] : []));
          const outcomes = await service.applyChanges(valid);
          let next = 0;
          const answers = results.map((refused) => {
            if (refused) return refused;
            const outcome = outcomes[next++]!;
            if (outcome.ok) return { status: 200, ...outcomeBody(outcome.value) };
            const answer = errorAnswer(outcome.error);
            if (answer.status === 500) logger.error(`batch: ${answer.message}`);
            return answer;
          });
          const failed = answers.filter((answer) => answer.status !== 200).length;
          sendJson(res, 200, {
            message: `${answers.length - failed} of ${answers.length} changes applied`,
            results: answers,
          });
        },
      },
    },
    '/connections': {
      GET: {
        auth: true,
        handle: async (_req, res) => {
          const list = await connections.list();
          sendJson(res, 200, {
            connections: list,
            message: `${list.length} connection${list.length === 1 ? '' : 's'}`,
          });
        },
      },
    },
    '/ecm-stats': {
      GET: {
        auth: true,
        handle: async (_req, res) => {
          const stats = await connections.ecmStats();
          sendJson(res, 200, {
            ...stats,
            message: `${stats.accounts.length} account${stats.accounts.length === 1 ? '' : 's'}, ${stats.readers.length} reader${stats.readers.length === 1 ? '' : 's'}`,
          });
        },
      },
    },
    '/load': {
      GET: {
        auth: true,
        handle: async (_req, res) => {
          // The machine's figures stand on their own: a card server without a readable status page
          // still reports its CPU, memory and disk, with its client count unknown.
          const clients = () =>
            connections.list().then(
              (list) => list.length,
              () => null,
            );
          const load = await readMachineLoad(config.configFile, clients);
          sendJson(res, 200, {
            ...load,
            message: `CPU ${load.cpu.percent}%, memory ${load.memory.usedPercent}%, disk ${load.disk.usedPercent}%`,
          });
        },
      },
    },
    '/kick-connection': {
      POST: {
        auth: true,
        handle: async (req, res) => {
          const body = await readJsonObject(req, config.maxBodyBytes);
          const id = typeof body.id === 'string' ? body.id.trim() : '';
          if (!id) throw new AgentError(400, 'Connection id is required');
          const { username } = await connections.kick(id);
          logger.info(`kick-connection: ended ${username}'s connection ${id}`);
          sendJson(res, 200, { message: 'Connection ended', username });
        },
      },
    },
    '/delete-user': {
      DELETE: {
        auth: true,
        handle: async (req, res) => {
          const { username } = unwrap(validateDeleteUser(await readJsonObject(req, config.maxBodyBytes)));
          sendJson(res, 200, outcomeBody(await service.deleteUser(username)));
        },
      },
    },
  };

  function fail(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof AgentError) {
      logger.info(`${req.method} ${req.url} -> ${error.status} ${error.message}`);
      if (error.status === 413 || error.status === 415) {
        // The rest of the body is never read, so close the connection instead of draining it.
        res.on('finish', () => req.destroy());
        sendJson(res, error.status, { message: error.message }, { connection: 'close' });
        return;
      }
      sendJson(res, error.status, { message: error.message, ...(error.code ? { code: error.code } : {}) });
      return;
    }
    const answer = errorAnswer(error);
    logger.error(
      error instanceof ConfigFileError || error instanceof StateFileError
        ? answer.message
        : `${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`,
    );
    sendJson(res, answer.status, { message: answer.message });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = new URL(req.url ?? '/', 'http://agent').pathname;
    const byMethod = routes[pathname];
    if (!byMethod) return sendJson(res, 404, { message: 'Not found' });
    const route = byMethod[req.method ?? ''];
    if (!route) {
      return sendJson(
        res,
        405,
        { message: 'Method not allowed' },
        { allow: Object.keys(byMethod).join(', ') },
      );
    }
    if (route.auth) {
      const ip = req.socket.remoteAddress ?? 'unknown';
      const blockedForMs = logins.blockedForMs(ip);
      if (blockedForMs > 0) {
        return sendJson(
          res,
          429,
          { message: 'Too many failed logins; try again later' },
          { 'retry-after': String(Math.ceil(blockedForMs / 1000)) },
        );
      }
      if (!isAuthorized(req.headers.authorization)) {
        logins.failed(ip);
        return sendJson(
          res,
          401,
          { message: 'Unauthorized' },
          { 'www-authenticate': 'Basic realm="linedesk-agent"' },
        );
      }
    }
    await route.handle(req, res);
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    withRequestId(requestIdOf(req), () => {
      handle(req, res).catch((error: unknown) => fail(req, res, error));
    });
  };
  const options = { requestTimeout: 30_000, headersTimeout: 15_000 };
  if (config.tls) {
    return https.createServer(
      { ...options, cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) },
      listener,
    );
  }
  return http.createServer(options, listener);
}
