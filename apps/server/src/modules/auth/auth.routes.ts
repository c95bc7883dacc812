import {
  changePasswordBodySchema,
  errorMessages,
  meSchema,
  messageResponseSchema,
  sessionInfoSchema,
  signInBodySchema,
  signUpBodySchema,
  twoFactorChallengeSchema,
  verifyEmailBodySchema,
} from '@linedesk/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import {
  changePassword,
  endMySession,
  listMySessions,
  signIn,
  signOut,
  signUp,
  verifyEmail,
} from './auth.service.js';

export function registerAuthRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/auth/sign-up',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account; a confirmation mail links to /callback?token=...',
        body: signUpBodySchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await signUp(ctx, request, request.body);
      return reply.status(201).send({ message: 'Check your email to confirm your account' });
    },
  );

  app.post(
    '/api/auth/sign-in',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with email and password; sets the session cookie, or (two-factor sign-in on) a challenge cookie for POST /api/auth/two-factor/verify',
        body: signInBodySchema,
        response: { 200: z.union([meSchema, twoFactorChallengeSchema]) },
      },
    },
    async (request, reply) => signIn(ctx, request, reply, request.body),
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the token from the mail, and sign in',
        body: verifyEmailBodySchema,
        response: { 200: meSchema },
      },
    },
    async (request, reply) => verifyEmail(ctx, request, reply, request.body.token),
  );

  app.post(
    '/api/auth/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      // A bad API key must not stop a browser from signing out.
      const actor = await getActor(ctx, request, reply).catch(() => null);
      await signOut(ctx, actor, request, reply);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change my password; every other session of the account ends (on every instance)',
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await changePassword(ctx, await getActor(ctx, request, reply), request, reply, request.body);
      return { message: errorMessages.PASSWORD_CHANGED };
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'My active sessions (not with an API key)',
        response: { 200: z.object({ items: z.array(sessionInfoSchema) }) },
      },
    },
    async (request, reply) => ({ items: await listMySessions(ctx, await getActor(ctx, request, reply)) }),
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'End one of my sessions (not with an API key)',
        params: z.object({ id: z.string().min(1).max(128) }),
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await endMySession(ctx, await getActor(ctx, request, reply), request.params.id);
      return { message: 'Session ended' };
    },
  );
}
