import {
  contractPath,
  contractQuery,
  type Contract,
  type ContractInput,
  type ContractResponse,
  type ErrorCode,
} from '@linedesk/shared';
import { EVENT_POSITION_HEADER } from '@linedesk/shared/page';
import { noteAnswerPosition } from './event-position';

/** Codes the client produces itself when no server answer is available. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the server says there is no signed-in session (as opposed to e.g. wrong credentials). */
export function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code === 'UNAUTHENTICATED';
}

type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> };

function readErrorBody(body: unknown): { code: string; message: string; details?: unknown } | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, details } = error as Record<string, unknown>;
  if (typeof code !== 'string') return null;
  return { code, message: typeof message === 'string' ? message : code, details };
}

async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}) {
  // A FormData body (file uploads) goes as multipart/form-data; the browser sets the boundary.
  const form = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server');
  }

  noteAnswerPosition(response.headers.get(EVENT_POSITION_HEADER));
  if (response.status === 204) return undefined as T;

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }

  if (!response.ok) {
    const error = readErrorBody(parsed);
    if (error) throw new ApiError(response.status, error.code, error.message, error.details);
    // No JSON error body: e.g. a proxy refusing an upload's size.
    throw new ApiError(
      response.status,
      response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL',
      response.statusText || `HTTP ${response.status}`,
    );
  }
  if (text && parsed === undefined) {
    throw new ApiError(response.status, 'UNEXPECTED_RESPONSE', 'The server sent an unreadable response');
  }
  return parsed as T;
}

export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  put: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T = void>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
};

type CallOptions = { signal?: AbortSignal };

type CallArgs<C extends Contract> = keyof ContractInput<C> extends never
  ? [input?: ContractInput<C>, options?: CallOptions]
  : [input: ContractInput<C>, options?: CallOptions];

function send(
  endpoint: { method: Contract['method']; path: string },
  input: unknown,
  options: CallOptions | undefined,
): Promise<unknown> {
  const parts = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    headers?: Record<string, string>;
  };
  const query = contractQuery(parts.query);
  const path = contractPath(endpoint.path, parts.params) + (query ? `?${query}` : '');
  const body = parts.body ?? (endpoint.method === 'POST' ? {} : undefined);
  return request<unknown>(endpoint.method, path, body, { signal: options?.signal, headers: parts.headers });
}

/**
 * Calls one endpoint through its shared contract: the path filled from `params`, the query and body
 * as the contract takes them, and the answer read with the contract's response schema, so a
 * screen gets exactly the type the server promised (an answer that does not fit is refused as
 * UNEXPECTED_RESPONSE instead of reaching the screen half-formed).
 */
export async function callApi<const C extends Contract>(
  contract: C,
  ...[input, options]: CallArgs<C>
): Promise<ContractResponse<C>> {
  const answer = await send(contract, input, options);
  if (!contract.response) return undefined as ContractResponse<C>;
  const read = contract.response.safeParse(answer);
  if (!read.success) {
    throw new ApiError(
      200,
      'UNEXPECTED_RESPONSE',
      'The server sent an unexpected response',
      read.error.issues,
    );
  }
  return read.data as ContractResponse<C>;
}

/**
 * The same call for the few endpoints of the first download (the signed-in account, the shell's
 * badges and figures), typed from the contract by type alone: `callTyped<typeof authContracts.me>(
 * { method: 'GET', path: '/api/me' })`, where the compiler holds method and path to the contract's.
 * Importing the contract itself would bring its zod schemas — 25 KB gzip, the whole margin of the
 * first-load size targets — into that download, so this answer is not read again with the schema.
 */
export function callTyped<C extends Contract>(
  endpoint: { method: C['method']; path: C['path'] },
  ...[input, options]: CallArgs<C>
): Promise<ContractResponse<C>> {
  return send(endpoint, input, options) as Promise<ContractResponse<C>>;
}
