import { ApiError } from '../../../lib/api-client';

function errorOf(body: unknown): { code: string; message: string; details?: unknown } | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, details } = error as Record<string, unknown>;
  if (typeof code !== 'string') return null;
  return { code, message: typeof message === 'string' ? message : code, details };
}

/**
 * The JSON client cannot send files; this sends multipart/form-data (the browser sets the boundary)
 * and turns a refusal into the same ApiError, so `useErrorMessage` translates it like any other.
 */
export async function postMultipart<T>(path: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server');
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = errorOf(parsed);
    if (error) throw new ApiError(response.status, error.code, error.message, error.details);
    // A proxy refusing the upload size answers without our JSON body.
    throw new ApiError(
      response.status,
      response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL',
      response.statusText,
    );
  }
  if (text && parsed === undefined) {
    throw new ApiError(response.status, 'UNEXPECTED_RESPONSE', 'The server sent an unreadable response');
  }
  return parsed as T;
}
