import { lineConnectionContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import {
  getLineConnections,
  getLineSharing,
  getOnlineByServer,
  getSharingSettings,
  kickLineConnection,
  updateSharingSettings,
} from './line-connections.service.js';

export function registerLineConnectionRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, lineConnectionContracts.get, ({ actor, params }) =>
    getLineConnections(ctx, actor, params.id),
  );
  route(app, ctx, lineConnectionContracts.kick, ({ actor, params, body }) =>
    kickLineConnection(ctx, actor, params.id, body),
  );
  route(app, ctx, lineConnectionContracts.sharing, ({ actor, params }) =>
    getLineSharing(ctx, actor, params.id),
  );
  route(app, ctx, lineConnectionContracts.onlineByServer, ({ actor }) => getOnlineByServer(ctx, actor));
  route(app, ctx, lineConnectionContracts.getSharingSettings, ({ actor }) => getSharingSettings(ctx, actor));
  route(app, ctx, lineConnectionContracts.updateSharingSettings, ({ actor, body }) =>
    updateSharingSettings(ctx, actor, body),
  );
}
