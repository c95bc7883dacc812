import { setupGuideContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { getSetupGuide, setSetupGuideHidden } from './setup-guide.service.js';

export function registerSetupGuideRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, setupGuideContracts.get, ({ actor }) => getSetupGuide(ctx, actor));
  route(app, ctx, setupGuideContracts.setHidden, ({ actor, body }) => setSetupGuideHidden(ctx, actor, body));
}
