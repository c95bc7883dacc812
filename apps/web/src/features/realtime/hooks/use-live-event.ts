import type { EventTable } from '@linedesk/shared';
import { useEffect, useRef } from 'react';
import { subscribeLiveEvents, type LiveEvent } from '../lib/live-event-listeners';

/** Calls `handler` for each live change to `table` while the component is mounted. */
export function useLiveEvent(table: EventTable, handler: (event: LiveEvent) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if (event.table === table) latest.current(event);
      }),
    [table],
  );
}
