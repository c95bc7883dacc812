import { authContracts, errorMessages } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
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
    await signUp(ctx, request, body);
    return { message: 'Check your email to confirm your account' };
  });

  route(app, ctx, authContracts.getSignUpSettings, () => getSignUpSettings(ctx));
  route(app, ctx, authContracts.updateSignUpSettings, ({ actor, body }) =>
    updateSignUpSettings(ctx, actor, body),
  );

  route(app, ctx, authContracts.signIn, ({ request, reply, body }) => signIn(ctx, request, reply, body));

  route(app, ctx, authContracts.verifyEmail, ({ request, reply, body }) =>
    verifyEmail(ctx, request, reply, body.token),
  );

  route(app, ctx, authContracts.signOut, async ({ request, reply }) => {
    // A bad API key must not stop a browser from signing out.
    const actor = await getActor(ctx, request, reply).catch(() => null);
    await signOut(ctx, actor, request, reply);
    return { message: 'Signed out' };
  });

  route(app, ctx, authContracts.changePassword, async ({ actor, request, reply, body }) => {
    await changePassword(ctx, actor, request, reply, body);
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
