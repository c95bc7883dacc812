import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from './auth.js';

// better-auth speaks WHATWG Headers; these carry a Fastify request to it and its cookies back.

/** Request headers as a WHATWG Headers object for better-auth, with the client address we trust. */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export function forwardSetCookies(from: Headers | null | undefined, reply: FastifyReply): void {
  const cookies = from?.getSetCookie() ?? [];
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
}
