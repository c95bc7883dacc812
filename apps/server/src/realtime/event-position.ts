import { EVENT_POSITION_HEADER } from '@linedesk/shared/page';
import type { FastifyInstance } from 'fastify';

/**
 * Every answer says when its request arrived, on the server's clock: a page opens its event stream
 * after reading its data, and asks the stream for the changes from then on (`since`), so that one
 * made in between still reaches it. The page itself carries the same figure (web-app.ts).
 */
export function registerEventPosition(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.header(EVENT_POSITION_HEADER, String(Date.now()));
    done();
  });
}
