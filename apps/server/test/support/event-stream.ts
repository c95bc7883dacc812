import type { EventTable } from '@linedesk/shared';
import { expect } from 'vitest';
import type { TestClient } from './test-client.js';
import type { TestServer } from './test-server.js';

/** A table's change, or the stream's own `resync` (its data then `{}`). */
export type StreamEvent = { event: EventTable | 'resync'; data: { action: string; id: string }; at: number };

export type EventStream = {
  events: StreamEvent[];
  /** The first `table` event matching `match` (already received or still to come), or null after `ms`. */
  next: (
    table: EventTable | 'resync',
    match?: (e: StreamEvent) => boolean,
    ms?: number,
  ) => Promise<StreamEvent | null>;
  /** Events of `table` about row `id` received so far. */
  about: (table: EventTable, id: string | number) => StreamEvent[];
  close: () => void;
};

/**
 * An open `GET /api/events` stream of one client, as a browser tab holds it, collecting its events;
 * `since` asks for the changes from that position on, as a page that has read its data does.
 */
export async function openEventStream(
  server: Pick<TestServer, 'url'>,
  client: TestClient,
  options: { since?: number } = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const query = options.since === undefined ? '' : `?since=${options.since}`;
  const res = await fetch(`${server.url}/api/events${query}`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) {
            events.push({ event: event as StreamEvent['event'], data: JSON.parse(data), at: Date.now() });
          }
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted at the end of the test
    }
  })();
  return {
    events,
    // Callers wait for an event that must come; the limit only ends a test on a machine busy elsewhere.
    async next(table, match = () => true, ms = 30_000) {
      const until = Date.now() + ms;
      for (;;) {
        const found = events.find((e) => e.event === table && match(e));
        if (found) return found;
        const left = until - Date.now();
        if (left <= 0) return null;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    about: (table, id) => events.filter((e) => e.event === table && e.data.id === String(id)),
    close: () => controller.abort(),
  };
}

/**
 * Waits until `stream` has received a message `admin` sends its account now. Events reach a stream
 * in the order they were published, so an absence asserted after this covers every event published
 * before it, not only those that happened to arrive in time.
 */
export async function readPastNow(
  admin: TestClient,
  stream: EventStream,
  recipient: { recipient_id: string } | { recipient_email: string },
): Promise<void> {
  const marker = await admin.post('/api/messages', {
    title: 'Marker',
    content: 'read past this',
    is_global: false,
    ...recipient,
  });
  expect(marker.status, JSON.stringify(marker.body)).toBe(201);
  expect(await stream.next('messages', (event) => event.data.id === String(marker.body.id))).not.toBeNull();
}
