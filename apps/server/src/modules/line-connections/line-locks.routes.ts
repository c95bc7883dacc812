import { lineLockContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { getLineLock, getPlanLock, setLineLock, setPlanLock } from './line-locks.service.js';

export function registerLineLockRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, lineLockContracts.getPlanLock, ({ actor, params }) => getPlanLock(ctx, actor, params.id));
  route(app, ctx, lineLockContracts.setPlanLock, ({ actor, params, body }) =>
    setPlanLock(ctx, actor, params.id, body),
  );
  route(app, ctx, lineLockContracts.getLineLock, ({ actor, params }) => getLineLock(ctx, actor, params.id));
  route(app, ctx, lineLockContracts.setLineLock, ({ actor, params, body }) =>
    setLineLock(ctx, actor, params.id, body),
  );
}
