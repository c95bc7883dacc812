import { systemStatusContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { getSystemStatus } from './system-status.service.js';

export function registerSystemStatusRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, systemStatusContracts.get, () => getSystemStatus(ctx));
}
