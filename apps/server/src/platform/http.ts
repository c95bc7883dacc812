import type { FastifyReply } from 'fastify';

/**
 * Runs `work` once the answer has gone out (or the caller has left): for what must not reach the
 * caller before the answer does. A failure is logged; the answer has been given already.
 */
export function afterAnswer(reply: FastifyReply, work: () => Promise<unknown>): void {
  reply.raw.once('close', () => {
    work().catch((error: unknown) => reply.log.error({ err: error }, 'after the answer'));
  });
}
