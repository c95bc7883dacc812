import { resellerTermsContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { setStaff } from './staff.service.js';

export function registerStaffRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, resellerTermsContracts.setStaff, ({ actor, params, body }) =>
    setStaff(ctx, actor, params.id, body),
  );
}
