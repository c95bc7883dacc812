import { hasNul } from '@linedesk/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Where the first string holding NUL lies in a parsed request part ('/title', '/items/0'; a key
 * counts as much as a value), or null. Iterative: a body's depth is the client's choice.
 */
export function findNul(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value === 'string') {
      if (hasNul(next.value)) return next.path || '/';
    } else if (Array.isArray(next.value)) {
      next.value.forEach((item, i) => pending.push({ value: item, path: `${next.path}/${i}` }));
    } else if (next.value !== null && typeof next.value === 'object') {
      for (const [key, item] of Object.entries(next.value)) {
        const path = `${next.path}/${key}`;
        if (hasNul(key)) return path;
        pending.push({ value: item, path });
      }
    }
  }
  return null;
}

/**
 * Refuses a request that still carries NUL in a path parameter, the query or the body once its
 * contract's schemas have read it, before access is resolved or any query runs: PostgreSQL cannot
 * store it, and a value that reached a query would fail there (and be logged by the database) rather
 * than be refused here. One check for every route, so a plain `z.string()` in a contract cannot let
 * it through. Headers are not read here: Node's HTTP parser answers 400 to NUL in one. A multipart
 * body is read by its handler (its text goes through the same zod blocks, its file name is cleaned).
 */
export function refuseNul(request: FastifyRequest): void {
  for (const part of ['params', 'query', 'body'] as const) {
    const path = findNul(request[part]);
    if (path !== null) {
      // The shape of a validation refusal: fastify names the field alike in params, query and body.
      throw new AppError('TEXT_INVALID_CHARACTER', {
        details: [{ path, message: 'TEXT_INVALID_CHARACTER' }],
      });
    }
  }
}
