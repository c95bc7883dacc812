import { portalContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { answered, clientOf } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { portalActivate } from './portal-activate.service.js';
import { portalMe } from './portal-me.service.js';
import { portalChangePassword } from './portal-password.service.js';
import { portalRequestRenewal } from './portal-renewal-request.service.js';
import { portalRequestFreeze } from './portal-freeze-request.service.js';
import { getPortalSettings, setPortalSettings } from './portal-settings.service.js';
import { portalSignIn, portalSignOut } from './portal-sign-in.service.js';
import { dismissRenewalRequest } from './renewal-request-todo.service.js';

export function registerPortalRoutes(app: App, ctx: AppContext): void {
  const c = portalContracts;
  route(app, ctx, c.signIn, async ({ request, reply, body }) =>
    answered(reply, await portalSignIn(ctx, clientOf(request), body)),
  );
  route(app, ctx, c.signOut, async ({ request, reply }) =>
    answered(reply, await portalSignOut(ctx, request.headers.cookie)),
  );
  route(app, ctx, c.me, ({ actor }) => (actor ? portalMe(ctx, actor) : null));
  route(app, ctx, c.activate, async ({ actor, reply, body }) =>
    answered(reply, await portalActivate(ctx, actor, body)),
  );
  route(app, ctx, c.changePassword, async ({ actor, reply, body }) =>
    answered(reply, await portalChangePassword(ctx, actor, body)),
  );
  route(app, ctx, c.requestRenewal, ({ actor }) => portalRequestRenewal(ctx, actor));
  route(app, ctx, c.requestFreeze, ({ actor, body }) => portalRequestFreeze(ctx, actor, body));
  route(app, ctx, c.getSettings, ({ actor }) => getPortalSettings(ctx, actor));
  route(app, ctx, c.setSettings, ({ actor, body }) => setPortalSettings(ctx, actor, body));
  route(app, ctx, c.dismissRenewalRequest, ({ actor, params }) =>
    dismissRenewalRequest(ctx, actor, params.id),
  );
}
