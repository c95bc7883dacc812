import type { ChangeEvent, EventTable } from '@linedesk/shared';

/** One change as the browser receives it on `GET /api/events`. */
export type LiveEvent = { table: EventTable; action: ChangeEvent['action']; id: string };
type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();

/**
 * For pages that follow single changes as they happen (e.g. a running server check); most screens
 * only need the query invalidation the live-events hook already does.
 */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitLiveEvent(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}

/** The `data:` of an event line; null when it is not what the server sends. */
export function readLiveEvent(table: EventTable, data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { action, id } = parsed as Record<string, unknown>;
    if ((action !== 'insert' && action !== 'update' && action !== 'delete') || typeof id !== 'string') {
      return null;
    }
    return { table, action, id };
  } catch {
    return null;
  }
}
