import { eventContracts, type ChangeEvent } from '@linedesk/shared';
import type { AppContext } from '../app-context.js';
import type { Actor } from '../platform/access.js';
import type { App } from '../platform/fastify.js';
import { route } from '../platform/route.js';

const HEARTBEAT_MS = 25_000;

/**
 * Text for a stream's socket as one chunk of its chunked answer. Written to the socket itself: the
 * answer's own `write` frames every write as a chunk again and defers it, which made a change's
 * fan-out to 1,000 streams cost 12.5 ms of the event loop instead of 8.7.
 */
function chunk(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}

const PING = chunk(': ping\n\n');

/** Each event is written to every stream that may see it: its chunk is built once, not per stream. */
const chunks = new WeakMap<ChangeEvent, string>();
function chunkOf(event: ChangeEvent): string {
  let framed = chunks.get(event);
  if (framed === undefined) {
    framed = chunk(
      `event: ${event.table}\ndata: ${JSON.stringify({ action: event.action, id: event.id })}\n\n`,
    );
    chunks.set(event, framed);
  }
  return framed;
}

function visibleTo(actor: Actor, event: ChangeEvent): boolean {
  if (actor.isAdmin || event.audience === 'all') return true;
  return event.audience.includes(actor.id);
}

/** Server-Sent Events: one `event: <table>` per change the caller may see. */
export function registerEventRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, eventContracts.stream, ({ actor, request, reply }) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // The head and the first chunk go through the answer, which then leaves the socket to the chunks.
    raw.write(': connected\nretry: 3000\n\n');
    const socket = raw.socket;
    // Gone already: the caller left before the stream opened.
    if (!socket) return reply;
    const unsubscribe = ctx.bus.subscribe((event) => {
      if (!visibleTo(actor, event)) return;
      socket.write(chunkOf(event));
    });
    const heartbeat = setInterval(() => socket.write(PING), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
    // Hijacked: the stream stays open and fastify sends nothing more for this request.
    return reply;
  });
}
