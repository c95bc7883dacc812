import {
  contactDetailsBodySchema,
  contactDetailsSchema,
  contactMessageBodySchema,
  ticketSchema,
} from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { getActor } from '../../platform/request-actor.js';
import { getContactDetails, sendContactMessage, setContactDetails } from './contact.service.js';

const tags = ['contact'];

export function registerContactRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/contact',
    {
      schema: {
        tags,
        summary: 'Support contact details: e-mail, Telegram, WhatsApp, hours, note',
        response: { 200: contactDetailsSchema },
      },
    },
    async (request, reply) => getContactDetails(ctx, await getActor(ctx, request, reply)),
  );
  app.put(
    '/api/contact',
    {
      schema: {
        tags,
        summary: 'Set the contact details (admin)',
        body: contactDetailsBodySchema,
        response: { 200: contactDetailsSchema },
      },
    },
    async (request, reply) => setContactDetails(ctx, await getActor(ctx, request, reply), request.body),
  );
  app.post(
    '/api/contact/message',
    {
      schema: {
        tags,
        summary: 'Quick Contact: opens a ticket for the caller',
        body: contactMessageBodySchema,
        response: { 201: ticketSchema },
      },
    },
    async (request, reply) => {
      const ticket = await sendContactMessage(ctx, await getActor(ctx, request, reply), request.body);
      return reply.status(201).send(ticket);
    },
  );
}
