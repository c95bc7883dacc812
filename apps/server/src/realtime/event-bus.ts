import { EventEmitter } from 'node:events';
import type { ChangeEvent } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client.js';

const CHANNEL = 'linedesk_events';

/**
 * Stays inside the server (never forwarded to browsers): who may be signed in changed for this
 * account (a session ended, a password changed, a key was revoked), so every instance drops what it
 * cached about the account's callers. `listen_restarted` is this instance's own: its LISTEN
 * connection came back, and events sent meanwhile may be lost.
 */
export type InternalEvent =
  | { type: 'callers_changed'; accountId: string }
  | { type: 'listen_restarted' }
  /** The admin's two-factor requirement changed: every cached caller and setting is stale. */
  | { type: 'security_settings_changed' };

export type EventBus = {
  publish: (event: ChangeEvent) => Promise<void>;
  /** Several events in one NOTIFY round trip (PostgreSQL), in order: one write's or one delivery batch's. */
  publishAll: (events: ChangeEvent[]) => Promise<void>;
  subscribe: (listener: (event: ChangeEvent) => void) => () => void;
  /**
   * Every event this instance publishes, as soon as it publishes it, and every event it receives:
   * for caches, which must not wait for NOTIFY's round trip after their own instance's writes (an
   * event may arrive twice).
   */
  watch: (listener: (event: ChangeEvent) => void) => () => void;
  publishInternal: (event: InternalEvent) => Promise<void>;
  /** Internal events, this instance's own at once (like `watch`) and other instances' via NOTIFY. */
  watchInternal: (listener: (event: InternalEvent) => void) => () => void;
  healthy: () => boolean;
  close: () => Promise<void>;
};

/**
 * Embedded database: one process, so events stay in memory. PostgreSQL: every instance LISTENs and
 * publishes with NOTIFY, so a change made behind one instance reaches browsers connected to another.
 */
export async function createEventBus(database: Database): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const subscribe = (listener: (event: ChangeEvent) => void) => {
    emitter.on('event', listener);
    return () => emitter.off('event', listener);
  };
  const watchInternal = (listener: (event: InternalEvent) => void) => {
    emitter.on('internal', listener);
    return () => emitter.off('internal', listener);
  };

  if (!database.listenClient) {
    return {
      publish: async (event) => void emitter.emit('event', event),
      publishAll: async (events) => {
        for (const event of events) emitter.emit('event', event);
      },
      subscribe,
      watch: subscribe,
      publishInternal: async (event) => void emitter.emit('internal', event),
      watchInternal,
      healthy: () => true,
      close: async () => {
        emitter.removeAllListeners();
      },
    };
  }

  const openListener = database.listenClient;
  let client: pg.Client | undefined;
  let connected = false;
  let closing = false;
  let everConnected = false;

  const connect = async (): Promise<void> => {
    try {
      client = await openListener();
      client.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        const payload = JSON.parse(message.payload) as ChangeEvent | { internal: InternalEvent };
        if ('internal' in payload) emitter.emit('internal', payload.internal);
        else emitter.emit('event', payload);
      });
      client.on('error', () => reconnect());
      client.on('end', () => reconnect());
      await client.query(`LISTEN ${CHANNEL}`);
      connected = true;
      if (everConnected) emitter.emit('internal', { type: 'listen_restarted' } satisfies InternalEvent);
      everConnected = true;
    } catch {
      reconnect();
    }
  };
  const reconnect = () => {
    connected = false;
    if (closing) return;
    client?.removeAllListeners();
    // The dropped connection may still emit 'error' (after 'end', say); with no listener left that
    // would be an uncaught exception and stop the whole server.
    client?.on('error', () => undefined);
    client = undefined;
    setTimeout(() => void connect(), 1000).unref();
  };
  await connect();

  return {
    publish: async (event) => {
      emitter.emit('published', event);
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
    },
    publishAll: async (events) => {
      if (events.length === 0) return;
      for (const event of events) emitter.emit('published', event);
      const notifies = events.map((event) => sql`pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
      await database.db.execute(sql`select ${sql.join(notifies, sql`, `)}`);
    },
    subscribe,
    watch: (listener) => {
      emitter.on('event', listener);
      emitter.on('published', listener);
      return () => {
        emitter.off('event', listener);
        emitter.off('published', listener);
      };
    },
    publishInternal: async (event) => {
      emitter.emit('internal', event);
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ internal: event })})`);
    },
    watchInternal,
    healthy: () => connected,
    close: async () => {
      closing = true;
      emitter.removeAllListeners();
      await client?.end().catch(() => undefined);
    },
  };
}
