import type { Socket } from 'node:net';
import { eventContracts, RESYNC_EVENT, type ChangeEvent } from '@linedesk/shared';
import type { AppContext } from '../app-context.js';
import type { Actor } from '../platform/access.js';
import type { App } from '../platform/fastify.js';
import { route } from '../platform/route.js';
import { createRecentEvents } from './recent-events.js';

const HEARTBEAT_MS = 25_000;

/** An open stream: who reads it, and its connection, which carries nothing else from now on. */
type Stream = { actor: Actor; socket: Socket; heartbeat: NodeJS.Timeout };

/** The chunked answer's last chunk: the stream ends cleanly, and the browser reconnects after `retry`. */
const END = Buffer.from('0\r\n\r\n');

/**
 * Text as one chunk of a stream's chunked answer, ready for its socket. Events are written to the
 * socket itself: the answer's own `write` frames each write again and holds it until the next tick,
 * after every promise continuation queued meanwhile (on the embedded database, the rest of the
 * request that made the change, queries included); a change's fan-out to 1,000 streams took 12.5
 * instead of 8.7 ms of the event loop that way, and reached them later.
 */
function chunk(text: string): Buffer {
  const body = Buffer.from(text);
  return Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n')]);
}

const PING = chunk(': ping\n\n');

function visibleTo(actor: Actor, event: ChangeEvent): boolean {
  if (actor.isAdmin || event.audience === 'all') return true;
  return event.audience.includes(actor.id);
}

/** A stream whose caller has left may still be in the set until its close is handled. */
function send(socket: Socket, framed: Buffer): void {
  if (socket.writable) socket.write(framed);
}

/** One event as the stream's text: the table as its name, and only its action and id. */
function eventText(event: ChangeEvent): string {
  return `event: ${event.table}\ndata: ${JSON.stringify({ action: event.action, id: event.id })}\n\n`;
}

const RESYNC_TEXT = `event: ${RESYNC_EVENT}\ndata: {}\n\n`;

/**
 * Writes each event to every open stream that may see it. One bus listener walks all the streams, so
 * the event's chunk is built once per event.
 */
function fanOut(streams: Set<Stream>, event: ChangeEvent): void {
  if (streams.size === 0) return;
  const framed = chunk(eventText(event));
  for (const { actor, socket } of streams) {
    if (visibleTo(actor, event)) send(socket, framed);
  }
}

/** Server-Sent Events: one `event: <table>` per change the caller may see. */
export function registerEventRoutes(app: App, ctx: AppContext): void {
  const streams = new Set<Stream>();
  const recent = createRecentEvents();
  ctx.bus.subscribe((event) => {
    recent.add(event);
    fanOut(streams, event);
  });
  // Events NOTIFY sent while this instance's LISTEN connection was down never reached it.
  ctx.bus.watchInternal((event) => {
    if (event.type === 'listen_restarted') recent.gap();
  });
  // A stream never ends by itself, and the server's close waits for every connection to end: without
  // this a stop (SIGTERM, Ctrl-C) closed the port and then waited for as long as a browser kept its
  // page open. Ended properly, each browser reconnects (to another instance, or to this one once it
  // is back) and refreshes what it shows.
  app.addHook('preClose', async () => {
    for (const stream of streams) {
      clearInterval(stream.heartbeat);
      // Closed once the last chunk is out: the connection served only this stream, and the server's
      // close waits for every connection.
      const { socket } = stream;
      if (socket.writable) socket.end(END, () => socket.destroy());
      else socket.destroy();
    }
    streams.clear();
  });

  route(app, ctx, eventContracts.stream, ({ actor, query, request, reply }) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // The head and the first chunk go through the answer, which then leaves the socket to the chunks
    // above (in order: a write before the answer's own has gone out waits behind it).
    // With them, the changes this caller may see that came since `since`, before any that come
    // later: nothing runs between this write and the stream joining the set below.
    let missed = '';
    if (query.since !== undefined) {
      const held = recent.since(query.since);
      missed =
        held === null
          ? RESYNC_TEXT
          : held
              .filter((event) => visibleTo(actor, event))
              .map(eventText)
              .join('');
    }
    raw.write(`: connected\nretry: 3000\n\n${missed}`);
    const socket = raw.socket;
    // Gone already: the caller left before the stream opened.
    if (!socket) return reply;
    const stream: Stream = { actor, socket, heartbeat: setInterval(() => send(socket, PING), HEARTBEAT_MS) };
    streams.add(stream);
    request.raw.on('close', () => {
      clearInterval(stream.heartbeat);
      streams.delete(stream);
    });
    // Hijacked: the stream stays open and fastify sends nothing more for this request.
    return reply;
  });
}
