import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = {
  /** The raw body as sent, and it parsed. */
  raw: string;
  body: {
    id: number;
    kind: string;
    createdAt: string;
    data: unknown;
    text: { title: string; content: string; link: string };
  };
  delivery: string;
  timestamp: string;
  signature: string;
};

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** Requests that have arrived, answered or not yet. */
  arrived: () => number;
  /** Answer every request with this status from now on (200 = accept). */
  answerWith: (status: number) => void;
  /** Hold every answer this long (a slow shop), so deliveries are in flight when a test needs them to be. */
  delayAnswers: (ms: number) => void;
  stop: () => Promise<void>;
};

/**
 * What a shop or bot behind a webhook must do, done as documented in docs/notifications.md: the
 * HMAC-SHA256 of `<X-Linedesk-Timestamp>.<raw body>` under the account's secret, compared in constant
 * time with the hex after `sha256=` in X-Linedesk-Signature.
 */
export function signatureValid(
  secret: string,
  hook: Pick<ReceivedWebhook, 'raw' | 'timestamp' | 'signature'>,
): boolean {
  const expected = createHmac('sha256', secret).update(`${hook.timestamp}.${hook.raw}`).digest();
  const given = Buffer.from(hook.signature.replace(/^sha256=/, ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A real HTTP server on loopback that records every POST it gets, raw body and headers. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  let delayMs = 0;
  let arrived = 0;
  const server = http.createServer((request, response) => {
    arrived += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const answer = status;
      const reply = () => {
        // Only an accepted delivery counts as received, as a shop would only act on those.
        if (answer >= 200 && answer < 300) {
          received.push({
            raw,
            body: JSON.parse(raw) as ReceivedWebhook['body'],
            delivery: String(request.headers['x-linedesk-delivery'] ?? ''),
            timestamp: String(request.headers['x-linedesk-timestamp'] ?? ''),
            signature: String(request.headers['x-linedesk-signature'] ?? ''),
          });
        }
        response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'unavailable');
      };
      if (delayMs > 0) setTimeout(reply, delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    arrived: () => arrived,
    answerWith: (next) => (status = next),
    delayAnswers: (ms) => (delayMs = ms),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
