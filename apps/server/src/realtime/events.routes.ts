import { eventContracts, type ChangeEvent } from '@linedesk/shared';
import type { AppContext } from '../app-context.js';
import type { Actor } from '../platform/access.js';
import type { App } from '../platform/fastify.js';
import { route } from '../platform/route.js';

const HEARTBEAT_MS = 25_000;

/** Each event is written to every stream that may see it: its text is built once, not per stream. */
const frames = new WeakMap<ChangeEvent, string>();
function frameOf(event: ChangeEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = `event: ${event.table}\ndata: ${JSON.stringify({ action: event.action, id: event.id })}\n\n`;
    frames.set(event, frame);
  }
  return frame;
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
    raw.write(': connected\nretry: 3000\n\n');
    const unsubscribe = ctx.bus.subscribe((event) => {
      if (!visibleTo(actor, event)) return;
      raw.write(frameOf(event));
    });
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
    // Hijacked: the stream stays open and fastify sends nothing more for this request.
    return reply;
  });
}
