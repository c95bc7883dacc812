import { authContracts, errorMessages } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { answered, clientOf } from '../../platform/http.js';
import { getActor } from './request-actor.js';
import { route } from '../../platform/route.js';
import {
  changePassword,
  endMySession,
  listMySessions,
  signIn,
  signOut,
  signUp,
  verifyEmail,
} from './auth.service.js';
import { getSignUpSettings, updateSignUpSettings } from './sign-up-settings.service.js';

export function registerAuthRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, authContracts.signUp, async ({ request, body }) => {
    await signUp(ctx, clientOf(request), body);
    return { message: 'Check your email to confirm your account' };
  });

  route(app, ctx, authContracts.getSignUpSettings, () => getSignUpSettings(ctx));
  route(app, ctx, authContracts.updateSignUpSettings, ({ actor, body }) =>
    updateSignUpSettings(ctx, actor, body),
  );

  route(app, ctx, authContracts.signIn, async ({ request, reply, body }) =>
    answered(reply, await signIn(ctx, clientOf(request), body)),
  );

  route(app, ctx, authContracts.verifyEmail, async ({ request, reply, body }) =>
    answered(reply, await verifyEmail(ctx, clientOf(request), body.token)),
  );

  route(app, ctx, authContracts.signOut, async ({ request, reply }) => {
    // A bad API key must not stop a browser from signing out.
    const actor = await getActor(ctx, request, reply).catch(() => null);
    answered(reply, await signOut(ctx, actor, clientOf(request)));
    return { message: 'Signed out' };
  });

  route(app, ctx, authContracts.changePassword, async ({ actor, request, reply, body }) => {
    answered(reply, await changePassword(ctx, actor, clientOf(request), body));
    return { message: errorMessages.PASSWORD_CHANGED };
  });

  route(app, ctx, authContracts.listSessions, async ({ actor }) => ({
    items: await listMySessions(ctx, actor),
  }));

  route(app, ctx, authContracts.endSession, async ({ actor, params }) => {
    await endMySession(ctx, actor, params.id);
    return { message: 'Session ended' };
  });
}
