import type { ApiClientOptions } from 'grammy';

/**
 * grammY's client options for the Bot API at `apiRoot`, with Node's own fetch instead of the
 * node-fetch grammY brings: in the server bundle esbuild renames the abort-controller shim's
 * `AbortSignal` class (the global has that name), and node-fetch, which knows a signal by its class
 * name, then refuses every request ("Expected signal to be an instanceof AbortSignal").
 */
export function telegramClient(apiRoot: string): ApiClientOptions {
  return { apiRoot, fetch: globalThis.fetch as unknown as NonNullable<ApiClientOptions['fetch']> };
}
