import { IDEMPOTENT_REPLAYED_HEADER, accountContracts } from '@linedesk/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
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

function idempotency(request: FastifyRequest) {
  const { key, scope } = idempotencyRequest(request);
  return { idempotencyKey: key, scope };
}

/** A replay answers the status first stored with the key, not necessarily the contract's. */
function send<T>(reply: FastifyReply, outcome: IdempotentOutcome<T>) {
  if (outcome.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return reply.status(outcome.status).send(outcome.body);
}

export function registerAccountRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, accountContracts.getMe, ({ actor }) => getMe(ctx, actor));
  route(app, ctx, accountContracts.updateMe, ({ actor, body }) => updateMe(ctx, actor, body));
  route(app, ctx, accountContracts.list, ({ actor, query }) => listAccounts(ctx, actor, query));
  route(app, ctx, accountContracts.create, ({ actor, body }) => createAccount(ctx, actor, body));

  route(app, ctx, accountContracts.acceptInvite, async ({ body }) => {
    await acceptInvite(ctx, body);
    return { message: 'Password set. You can sign in now.' };
  });

  route(app, ctx, accountContracts.get, ({ actor, params }) => getAccount(ctx, actor, params.id));
  route(app, ctx, accountContracts.update, ({ actor, params, body }) =>
    updateAccount(ctx, actor, params.id, body),
  );

  route(app, ctx, accountContracts.endSessions, async ({ actor, params }) => {
    const ended = await endAccountSessions(ctx, actor, params.id);
    return { message: `Ended ${ended} session(s)`, ended };
  });

  route(app, ctx, accountContracts.resendConfirmation, async ({ actor, params }) => {
    const sent = await resendAccountConfirmation(ctx, actor, params.id);
    return {
      message: sent === 'invite' ? 'A new invite has been sent' : 'A new confirmation email has been sent',
      sent,
    };
  });

  route(app, ctx, accountContracts.addCredits, async ({ actor, params, body, request, reply }) =>
    send(reply, await addCredits(ctx, actor, { id: params.id, body, ...idempotency(request) })),
  );
  route(app, ctx, accountContracts.transferCredits, async ({ actor, params, body, request, reply }) =>
    send(reply, await transferCredits(ctx, actor, { id: params.id, body, ...idempotency(request) })),
  );
  route(app, ctx, accountContracts.setCredits, async ({ actor, params, body, request, reply }) =>
    send(reply, await setCredits(ctx, actor, { id: params.id, body, ...idempotency(request) })),
  );
}
