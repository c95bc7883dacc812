import type { z } from 'zod';
import type { ErrorCode } from './errors.js';
import type { Permission } from './permissions.js';

/**
 * Who may call an endpoint. The server resolves it before the handler runs, so a handler of any
 * access but `public` and `optional` receives a caller that is never null.
 * - `public`: anyone; no caller is looked up (health, sign-in, locale texts).
 * - `optional`: anyone; the caller, or null when signed out, is passed on.
 * - `signedIn`: a session or an API key.
 * - `browserSession`: a browser session, not an API key (managing keys and sessions).
 * - `admin`: an administrator.
 * - `{ permission }`: a caller whose group grants it (administrators hold every permission).
 * - `{ signedIn: code }`: signed in; a signed-out caller is refused with this code instead of
 *   UNAUTHENTICATED, where the spec words that refusal for the area (replying to a ticket).
 * - `portal`: a customer signed in to the portal with a line's username and password (its own
 *   cookie); panel sessions and API keys do not count, so every panel role is refused (401).
 * - `portalOptional`: anyone; the portal customer, or null when none is signed in, is passed on.
 */
export type RouteAccess =
  | 'public'
  | 'optional'
  | 'signedIn'
  | 'browserSession'
  | 'admin'
  | { readonly permission: Permission }
  | { readonly signedIn: ErrorCode }
  | 'portal'
  | 'portalOptional';

/**
 * Codes any endpoint may answer without listing them: the refusals of its access (and of the
 * request's origin, an API key's rate limit, a required two-factor setup), an invalid request, and a
 * failure of the server or its database.
 */
export const genericErrorCodes = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ADMIN_ONLY',
  'API_KEY_SESSION_REQUIRED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'CSRF_REJECTED',
  'RATE_LIMITED',
  'VALIDATION',
  'INVALID_INPUT',
  // A NUL in any string of any request (platform/nul-guard.ts; multipart text refuses it the same way).
  'TEXT_INVALID_CHARACTER',
  'NOT_FOUND',
  'INTERNAL',
  'DATABASE_DOWN',
  'DATABASE_BUSY',
] as const satisfies readonly ErrorCode[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint, as both sides know it: method, path (`:name` for a path parameter), access, the
 * schemas of what goes in and comes out, and the error codes it may answer. The server registers its
 * route from it (validation, OpenAPI, access); the web client calls it through the same object.
 */
export type Contract = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: RouteAccess;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  /** The successful answer's status; 200 unless said. */
  readonly status?: 200 | 201 | 202 | 204;
  /**
   * The successful answer's schema; null for an answer that is not JSON (a CSV, a file, a stream,
   * or 204 without a body), which the web reads by URL instead of through the client.
   */
  readonly response: z.ZodType | null;
  /**
   * The error codes this endpoint may answer besides the generic ones (`genericErrorCodes`). The API
   * tests fail when a route answers a code it does not list (`platform/route.ts`).
   */
  readonly errors?: readonly ErrorCode[];
  /** Left out of the OpenAPI document. */
  readonly hide?: boolean;
};

/** Declares a contract, keeping its literal types (path, access, schemas) for both sides. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

/**
 * `defineContract` for endpoints that share their access and tags: it fills them in, so that each
 * contract states only what sets it apart.
 */
export function contractGroup<const S extends Pick<Contract, 'access' | 'tags'>>(shared: S) {
  return <const C extends Omit<Contract, 'access' | 'tags'>>(contract: C): S & C => ({
    ...shared,
    ...contract,
  });
}

type Schema<C, K extends keyof Contract> = C extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** What a caller sends: the schemas' input types (before defaults and coercion). */
export type ContractInput<C extends Contract> = {
  [K in 'params' | 'query' | 'body' | 'headers' as Schema<C, K> extends undefined ? never : K]: z.input<
    Exclude<Schema<C, K>, undefined>
  >;
};

/** What a handler receives: the schemas' output types (after defaults and coercion). */
export type ContractParsed<C extends Contract> = {
  [K in 'params' | 'query' | 'body' | 'headers']: Schema<C, K> extends z.ZodType
    ? z.output<Schema<C, K>>
    : undefined;
};

/** The successful answer as the client reads it. */
export type ContractResponse<C extends Contract> = C['response'] extends z.ZodType
  ? z.output<C['response']>
  : void;

/** The successful answer as a handler returns it (before the response schema's transforms). */
export type ContractReply<C extends Contract> = C['response'] extends z.ZodType
  ? z.input<C['response']>
  : unknown;

/** The path with its `:name` parameters filled in, each value URL-encoded. */
export function contractPath(path: string, params: Record<string, unknown> | undefined): string {
  if (!params) return path;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (without "?"): undefined and empty values left out, arrays repeated. */
export function contractQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  return search.toString();
}
