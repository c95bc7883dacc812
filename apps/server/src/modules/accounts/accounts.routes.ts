import {
  IDEMPOTENT_REPLAYED_HEADER,
  acceptInviteBodySchema,
  accountListQuerySchema,
  accountPatchSchema,
  createAccountBodySchema,
  createAccountResultSchema,
  creditAmountBodySchema,
  creditOperationResultSchema,
  idempotencyHeadersSchema,
  listResponseSchema,
  managedAccountSchema,
  meSchema,
  messageResponseSchema,
  resendAccountConfirmationResultSchema,
  setCreditsBodySchema,
  updateProfileBodySchema,
} from '@linedesk/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { idempotencyRequest, type IdempotentOutcome } from '../credits/idempotency.js';
import { addCredits, setCredits, transferCredits } from './account-credits.service.js';
import {
  acceptInvite,
  createAccount,
  endAccountSessions,
  getAccount,
  getMe,
  listAccounts,
  resendAccountConfirmation,
  updateAccount,
  updateMe,
} from './accounts.service.js';

/** Account ids are better-auth's (alphanumeric) or UUIDs; anything else is 'Invalid user ID'. */
const idParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'INVALID_USER_ID' }),
});

const idempotencyNote =
  ' Send an `Idempotency-Key` header to make a retry return the first result instead of moving credits twice.';

function idempotency(request: FastifyRequest) {
  const { key, scope } = idempotencyRequest(request);
  return { idempotencyKey: key, scope };
}

function send<T>(reply: FastifyReply, outcome: IdempotentOutcome<T>) {
  if (outcome.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply.status(outcome.status).send(outcome.body);
}

export function registerAccountRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in account with its permissions',
        response: { 200: meSchema },
      },
    },
    async (request, reply) => getMe(ctx, await getActor(ctx, request, reply)),
  );

  app.patch(
    '/api/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Update my profile',
        body: updateProfileBodySchema,
        response: { 200: meSchema },
      },
    },
    async (request, reply) => updateMe(ctx, await getActor(ctx, request, reply), request.body),
  );

  app.get(
    '/api/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Accounts (admins: all; others: the accounts they own)',
        querystring: accountListQuerySchema,
        response: { 200: listResponseSchema(managedAccountSchema) },
      },
    },
    async (request, reply) => listAccounts(ctx, await getActor(ctx, request, reply), request.query),
  );

  app.post(
    '/api/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Create an account (admin) or a sub-account (reseller); without a password an invite mail is sent',
        body: createAccountBodySchema,
        response: { 201: createAccountResultSchema },
      },
    },
    async (request, reply) => {
      const created = await createAccount(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/api/accounts/invite/accept',
    {
      schema: {
        tags: ['accounts'],
        summary: "Set the first password with an invite link's token (no sign-in needed)",
        body: acceptInviteBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await acceptInvite(ctx, request.body);
      return { message: 'Password set. You can sign in now.' };
    },
  );

  app.get(
    '/api/accounts/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'One account (admins: any; resellers: their own sub-accounts)',
        params: idParams,
        response: { 200: managedAccountSchema },
      },
    },
    async (request, reply) => getAccount(ctx, await getActor(ctx, request, reply), request.params.id),
  );

  app.patch(
    '/api/accounts/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change group, ban or unban (admin); notes and full name (admin or owner)',
        params: idParams,
        body: accountPatchSchema,
        response: { 200: managedAccountSchema },
      },
    },
    async (request, reply) =>
      updateAccount(ctx, await getActor(ctx, request, reply), request.params.id, request.body),
  );

  app.delete(
    '/api/accounts/:id/sessions',
    {
      schema: {
        tags: ['accounts'],
        summary: "End all of an account's sessions (admin)",
        params: idParams,
        response: { 200: messageResponseSchema.extend({ ended: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const ended = await endAccountSessions(ctx, await getActor(ctx, request, reply), request.params.id);
      return { message: `Ended ${ended} session(s)`, ended };
    },
  );

  app.post(
    '/api/accounts/:id/resend-confirmation',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Send an unconfirmed account its confirmation mail again; an invited account gets a new invite (admin)',
        params: idParams,
        response: { 200: resendAccountConfirmationResultSchema },
      },
    },
    async (request, reply) => {
      const sent = await resendAccountConfirmation(
        ctx,
        await getActor(ctx, request, reply),
        request.params.id,
      );
      return {
        message: sent === 'invite' ? 'A new invite has been sent' : 'A new confirmation email has been sent',
        sent,
      };
    },
  );

  app.post(
    '/api/accounts/:id/credits',
    {
      schema: {
        tags: ['credits'],
        summary:
          'Add credits (holders of add_credits). Admins add to any account; a reseller adding to its sub-account transfers from its own balance.' +
          idempotencyNote,
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: creditAmountBodySchema,
        response: { 200: creditOperationResultSchema },
      },
    },
    async (request, reply) => {
      const outcome = await addCredits(ctx, await getActor(ctx, request, reply), {
        id: request.params.id,
        body: request.body,
        ...idempotency(request),
      });
      return send(reply, outcome);
    },
  );

  app.post(
    '/api/accounts/:id/transfer',
    {
      schema: {
        tags: ['credits'],
        summary:
          'Transfer part of my own balance to an account I own (admins: to any account).' + idempotencyNote,
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: creditAmountBodySchema,
        response: { 200: creditOperationResultSchema },
      },
    },
    async (request, reply) => {
      const outcome = await transferCredits(ctx, await getActor(ctx, request, reply), {
        id: request.params.id,
        body: request.body,
        ...idempotency(request),
      });
      return send(reply, outcome);
    },
  );

  app.put(
    '/api/accounts/:id/credits',
    {
      schema: {
        tags: ['credits'],
        summary: "Set an account's balance (admin); the ledger records the difference." + idempotencyNote,
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: setCreditsBodySchema,
        response: { 200: creditOperationResultSchema },
      },
    },
    async (request, reply) => {
      const outcome = await setCredits(ctx, await getActor(ctx, request, reply), {
        id: request.params.id,
        body: request.body,
        ...idempotency(request),
      });
      return send(reply, outcome);
    },
  );
}
