import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Who sent a request, as the plain values a service takes: its headers (cookies among them) and the
 * client address Fastify worked out (honouring TRUST_PROXY).
 */
export type Client = { headers: IncomingHttpHeaders; ip: string };

export function clientOf(request: FastifyRequest): Client {
  return { headers: request.headers, ip: request.ip };
}

/**
 * A service's answer with what goes out beside its body: cookies to set, and work that must wait
 * until the answer has gone (see `afterAnswer`).
 */
export type Answer<T> = { body: T; setCookies?: string[]; afterAnswer?: () => Promise<unknown> };

/** Puts an answer's cookies and later work on the reply; the route sends the body it returns. */
export function answered<T>(reply: FastifyReply, answer: Answer<T>): T {
  if (answer.setCookies && answer.setCookies.length > 0) void reply.header('set-cookie', answer.setCookies);
  if (answer.afterAnswer) afterAnswer(reply, answer.afterAnswer);
  return answer.body;
}

/**
 * Runs `work` once the answer has gone out (or the caller has left): for what must not reach the
 * caller before the answer does. A failure is logged; the answer has been given already.
 */
export function afterAnswer(reply: FastifyReply, work: () => Promise<unknown>): void {
  reply.raw.once('close', () => {
    work().catch((error: unknown) => reply.log.error({ err: error }, 'after the answer'));
  });
}
