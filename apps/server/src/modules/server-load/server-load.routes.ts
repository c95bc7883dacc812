import { serverLoadContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import {
  getLoadAlertSettings,
  getServerLoad,
  updateLoadAlertSettings,
  updateServerLoadThresholds,
} from './server-load.service.js';

export function registerServerLoadRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, serverLoadContracts.server, ({ actor, params }) => getServerLoad(ctx, actor, params.id));
  route(app, ctx, serverLoadContracts.getSettings, ({ actor }) => getLoadAlertSettings(ctx, actor));
  route(app, ctx, serverLoadContracts.updateSettings, ({ actor, body }) =>
    updateLoadAlertSettings(ctx, actor, body),
  );
  route(app, ctx, serverLoadContracts.updateServerThresholds, ({ actor, params, body }) =>
    updateServerLoadThresholds(ctx, actor, params.id, body),
  );
}
