import { EventEmitter } from 'node:events';
import type { ChangeEvent } from '@linedesk/shared';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client.js';

const CHANNEL = 'linedesk_events';

export type EventBus = {
  publish: (event: ChangeEvent) => Promise<void>;
  subscribe: (listener: (event: ChangeEvent) => void) => () => void;
  /**
   * Every event this instance publishes, as soon as it publishes it, and every event it receives:
   * for caches, which must not wait for NOTIFY's round trip after their own instance's writes (an
   * event may arrive twice).
   */
  watch: (listener: (event: ChangeEvent) => void) => () => void;
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

  if (!database.listenClient) {
    return {
      publish: async (event) => void emitter.emit('event', event),
      subscribe,
      watch: subscribe,
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

  const connect = async (): Promise<void> => {
    try {
      client = await openListener();
      client.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        emitter.emit('event', JSON.parse(message.payload) as ChangeEvent);
      });
      client.on('error', () => reconnect());
      client.on('end', () => reconnect());
      await client.query(`LISTEN ${CHANNEL}`);
      connected = true;
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
    subscribe,
    watch: (listener) => {
      emitter.on('event', listener);
      emitter.on('published', listener);
      return () => {
        emitter.off('event', listener);
        emitter.off('published', listener);
      };
    },
    healthy: () => connected,
    close: async () => {
      closing = true;
      emitter.removeAllListeners();
      await client?.end().catch(() => undefined);
    },
  };
}
