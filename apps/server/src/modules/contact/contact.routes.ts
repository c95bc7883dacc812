import { contactContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { getContactDetails, sendContactMessage, setContactDetails } from './contact.service.js';

export function registerContactRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, contactContracts.getDetails, ({ actor }) => getContactDetails(ctx, actor));
  route(app, ctx, contactContracts.setDetails, ({ actor, body }) => setContactDetails(ctx, actor, body));
  route(app, ctx, contactContracts.sendMessage, ({ actor, body }) => sendContactMessage(ctx, actor, body));
}
