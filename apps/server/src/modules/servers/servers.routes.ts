import { serverContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { promoteServerStandby, setServerStandby } from './server-standby.service.js';
import {
  callServerAgent,
  checkAllServers,
  createServer,
  deleteServer,
  getClientConfig,
  getServer,
  listActiveServers,
  listServers,
  testServer,
  updateServer,
} from './servers.service.js';

export function registerServerRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, serverContracts.list, ({ actor, query }) => listServers(ctx, actor, query));
  route(app, ctx, serverContracts.create, ({ actor, body }) => createServer(ctx, actor, body));
  route(app, ctx, serverContracts.listActive, async ({ actor }) => ({
    items: await listActiveServers(ctx, actor),
  }));
  route(app, ctx, serverContracts.checkAll, async ({ actor }) => ({
    items: await checkAllServers(ctx, actor),
  }));
  route(app, ctx, serverContracts.get, ({ actor, params }) => getServer(ctx, actor, params.id));
  route(app, ctx, serverContracts.update, ({ actor, params, body }) =>
    updateServer(ctx, actor, params.id, body),
  );
  route(app, ctx, serverContracts.remove, ({ actor, params }) => deleteServer(ctx, actor, params.id));
  route(app, ctx, serverContracts.test, ({ actor, params }) => testServer(ctx, actor, params.id));
  route(app, ctx, serverContracts.callAgent, ({ actor, params, body }) =>
    callServerAgent(ctx, actor, params.id, body),
  );
  route(app, ctx, serverContracts.setStandby, ({ actor, params, body }) =>
    setServerStandby(ctx, actor, params.id, body),
  );
  route(app, ctx, serverContracts.promoteStandby, ({ actor, params }) =>
    promoteServerStandby(ctx, actor, params.id),
  );
  route(app, ctx, serverContracts.clientConfig, ({ actor }) => getClientConfig(ctx, actor));
  route(app, ctx, serverContracts.clientConfigPhp, ({ actor }) => getClientConfig(ctx, actor));
}
