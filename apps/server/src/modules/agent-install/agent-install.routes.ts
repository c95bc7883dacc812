import { agentInstallContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { registerAgentFiles } from './agent-files.js';
import {
  createInstallCommand,
  getAgentRelease,
  installSettings,
  reportAgentStarted,
} from './agent-install.service.js';

export function registerAgentInstallRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, agentInstallContracts.createCommand, ({ actor, params }) =>
    createInstallCommand(ctx, actor, params.id),
  );
  route(app, ctx, agentInstallContracts.settings, ({ body }) => installSettings(ctx, body));
  route(app, ctx, agentInstallContracts.started, ({ body, request }) =>
    reportAgentStarted(ctx, body, request.ip),
  );
  route(app, ctx, agentInstallContracts.release, ({ actor }) => getAgentRelease(ctx, actor));
  registerAgentFiles(app);
}
