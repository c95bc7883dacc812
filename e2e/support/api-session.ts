/**
 * A signed-in API client for setting up e2e scenarios over HTTP (what a script with a session
 * would do): keeps the session cookie and sends the panel's Origin, as the CSRF check expects.
 */
export type ApiSession = {
  request: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
  signIn: (email: string, password: string) => Promise<void>;
};

export function apiSession(baseUrl: string): ApiSession {
  const cookies = new Map<string, string>();

  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        Origin: baseUrl,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookies.size > 0
          ? { Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  return {
    request,
    signIn: async (email, password) => {
      await request('POST', '/api/auth/sign-in', { email, password });
    },
  };
}
