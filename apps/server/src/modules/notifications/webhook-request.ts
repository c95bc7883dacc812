import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError } from '../../platform/errors.js';
import { isPrivateAddress } from '../../platform/network-address.js';

export type WebhookTargetRules = {
  allowPrivate: boolean;
  /** The most a lookup or a call may take, so a dead resolver or receiver cannot hold a request. */
  timeoutMs: number;
};

/**
 * The address's own rules: https only (http only where private targets are allowed, for tests and
 * development), and a host that is not already a private address literal.
 */
export function checkWebhookUrl(url: string, rules: WebhookTargetRules): URL {
  if (!URL.canParse(url)) throw new AppError('WEBHOOK_URL_INVALID');
  const parsed = new URL(url);
  const httpAllowed = rules.allowPrivate && parsed.protocol === 'http:';
  if (parsed.protocol !== 'https:' && !httpAllowed) throw new AppError('WEBHOOK_URL_NOT_HTTPS');
  if (parsed.username || parsed.password) throw new AppError('WEBHOOK_URL_INVALID');
  return parsed;
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function lookupAll(host: string, timeoutMs: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('DNS lookup timed out')), timeoutMs);
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });
}

/** Every address the host resolves to, refused when any of them is private (unless allowed). */
export async function resolveWebhookHost(url: URL, rules: WebhookTargetRules): Promise<LookupAddress[]> {
  const host = hostOf(url);
  const addresses = await lookupAll(host, rules.timeoutMs).catch(() => {
    throw new AppError('WEBHOOK_URL_UNRESOLVABLE', { params: { host } });
  });
  if (addresses.length === 0) throw new AppError('WEBHOOK_URL_UNRESOLVABLE', { params: { host } });
  if (!rules.allowPrivate) {
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) throw new AppError('WEBHOOK_URL_PRIVATE_ADDRESS', { params: { address: refused.address } });
  }
  return addresses;
}

/**
 * The socket's lookup: the addresses checked just before, so the connection goes to an address that
 * passed the check — a DNS answer that changes between the check and the connect (rebinding) cannot
 * send the request elsewhere.
 */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = typeof options === 'object' ? options.family : undefined;
    const usable = addresses.filter((a) => !family || a.family === family);
    const chosen = usable[0] ?? addresses[0]!;
    if (typeof options === 'object' && options.all) {
      (callback as unknown as (e: null, a: LookupAddress[]) => void)(
        null,
        usable.length ? usable : addresses,
      );
    } else {
      callback(null, chosen.address, chosen.family);
    }
  };
}

export type SignedDelivery = { id: number; body: string; secret: string; timestamp?: number };

/**
 * Headers of a signed delivery. The signature covers `<timestamp>.<raw body>`, so a receiver that
 * checks it and refuses old timestamps cannot be fed a recorded delivery again later.
 */
export function webhookHeaders(delivery: SignedDelivery): Record<string, string> {
  const timestamp = delivery.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', delivery.secret)
    .update(`${timestamp}.${delivery.body}`)
    .digest('hex');
  return {
    'content-type': 'application/json',
    'user-agent': 'Linedesk-Webhook/1',
    'x-linedesk-delivery': String(delivery.id),
    'x-linedesk-timestamp': String(timestamp),
    'x-linedesk-signature': `sha256=${signature}`,
  };
}

/**
 * POSTs a signed delivery, checking the host's addresses again at send time. Resolves with the
 * status when the receiver answered 2xx; throws WEBHOOK_* codes otherwise (the reason in params).
 */
export async function postWebhook(
  url: string,
  delivery: SignedDelivery,
  options: WebhookTargetRules,
): Promise<number> {
  const target = checkWebhookUrl(url, options);
  const addresses = await resolveWebhookHost(target, options);
  const client = target.protocol === 'https:' ? https : http;
  const failed = (reason: string) => new AppError('WEBHOOK_DELIVERY_FAILED', { params: { reason } });
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...webhookHeaders(delivery), 'content-length': String(Buffer.byteLength(delivery.body)) },
        lookup: pinnedLookup(addresses),
        timeout: options.timeoutMs,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // Only the status matters; the body is drained so the socket is freed.
        response.resume();
        response.on('end', () =>
          status >= 200 && status < 300 ? resolve(status) : reject(failed(`HTTP ${status}`)),
        );
        response.on('error', (error) => reject(failed(error.message)));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => reject(failed(error.message)));
    request.end(delivery.body);
  });
}
