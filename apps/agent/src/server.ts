import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import { AgentError } from './agent-error';
import { StateFileError } from './state-store';
import { createBasicAuthCheck } from './auth';
import type { AgentConfig } from './config';
import { readJsonObject, sendJson } from './http-io';
import type { ChangeOutcome, LineService } from './line-service';
import type { Logger } from './logger';
import { ConfigFileError } from './managed-block';
import { validateAddUser, validateDeleteUser, validateEditUser } from './request-validation';
import type { Validated } from './request-validation';

type ServerConfig = Pick<AgentConfig, 'username' | 'password' | 'backend' | 'maxBodyBytes' | 'tls'>;

type Route = {
  auth: boolean;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void;
};

export type AgentServerDeps = {
  config: ServerConfig;
  service: LineService;
  logger: Logger;
  version: string;
};

function outcomeBody(outcome: ChangeOutcome): { message: string } & Record<string, unknown> {
  return {
    message: outcome.message,
    changed: outcome.changed,
    reload: outcome.reload,
    ...(outcome.user ? { user: outcome.user } : {}),
  };
}

function unwrap<T>(result: Validated<T>): T {
  if (!result.ok) throw new AgentError(400, result.message);
  return result.value;
}

export function createAgentServer({
  config,
  service,
  logger,
  version,
}: AgentServerDeps): http.Server | https.Server {
  const isAuthorized = createBasicAuthCheck(config.username, config.password);

  const routes: Record<string, Record<string, Route>> = {
    '/health': {
      GET: { auth: false, handle: (_req, res) => sendJson(res, 200, { status: 'ok', message: 'OK' }) },
    },
    '/': {
      GET: {
        auth: true,
        handle: (_req, res) =>
          sendJson(res, 200, { version, backend: config.backend, message: 'Linedesk agent is running' }),
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
    '/add-user': {
      POST: {
        auth: true,
        handle: async (req, res) => {
          const input = unwrap(validateAddUser(await readJsonObject(req, config.maxBodyBytes)));
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
      if (error.status === 413) {
        // The rest of the body is never read, so close the connection instead of draining it.
        res.on('finish', () => req.destroy());
        sendJson(res, 413, { message: error.message }, { connection: 'close' });
        return;
      }
      sendJson(res, error.status, { message: error.message });
      return;
    }
    if (error instanceof ConfigFileError || error instanceof StateFileError) {
      logger.error(error.message);
      sendJson(res, 500, { message: error.message });
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    logger.error(`${req.method} ${req.url}: ${message}`);
    sendJson(res, 500, { message: `Internal agent error: ${message}` });
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
    if (route.auth && !isAuthorized(req.headers.authorization)) {
      return sendJson(
        res,
        401,
        { message: 'Unauthorized' },
        { 'www-authenticate': 'Basic realm="linedesk-agent"' },
      );
    }
    await route.handle(req, res);
  }

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => fail(req, res, error));
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
