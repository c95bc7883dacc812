export type TestResponse<T = any> = { status: number; body: T; headers: Headers };

/**
 * A fetch client with a cookie jar, like one browser profile; sends our Origin on writes. A body is
 * sent as JSON, or as a multipart upload when it is a FormData (a file, as the browser sends one).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  origin: string | null;

  constructor(
    readonly baseUrl: string,
    readonly ip: string,
  ) {
    this.origin = baseUrl;
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const sent: Record<string, string> = { 'x-forwarded-for': this.ip, ...headers };
    const form = body instanceof FormData ? body : undefined;
    if (body !== undefined && !form) sent['content-type'] = 'application/json';
    if (this.cookies.size > 0) sent.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.origin && !('origin' in headers)) sent.origin = this.origin;
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: sent,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value.join('=') === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (HTML page, SSE): keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  patch<T = any>(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }
  put<T = any>(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }
}
