import { EVENT_STREAM_PATH, eventTables, RESYNC_EVENT } from '@linedesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterNextPaint } from '../../../lib/after-next-paint';
import { eventWindowStart } from '../../../lib/event-position';
import { eventQueryKeys } from '../lib/event-query-keys';
import { emitLiveEvent, readLiveEvent } from '../lib/live-event-listeners';

const RETRY_DELAY_MS = 5_000;

/**
 * One EventSource per signed-in tab. The browser reconnects by itself after network drops; when the
 * server answers with an error status it gives up, so that case is retried here.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let hadError = false;
    let disposed = false;

    // The first stream asks for the changes since the page's reads began; a later one follows an
    // error, after which everything on screen is read again anyway.
    let since = eventWindowStart();
    const connect = () => {
      source = new EventSource(
        since === undefined ? EVENT_STREAM_PATH : `${EVENT_STREAM_PATH}?since=${since}`,
      );
      since = undefined;
      // Changes since `since` were more than the server still holds: read everything again.
      source.addEventListener(RESYNC_EVENT, () => void queryClient.invalidateQueries());
      for (const table of eventTables) {
        source.addEventListener(table, (message) => {
          for (const queryKey of eventQueryKeys[table]) void queryClient.invalidateQueries({ queryKey });
          const event = readLiveEvent(table, message.data);
          if (event) emitLiveEvent(event);
        });
      }
      source.addEventListener('open', () => {
        // Events sent while disconnected are gone; refresh what is on screen instead.
        if (hadError) void queryClient.invalidateQueries();
        hadError = false;
      });
      source.addEventListener('error', () => {
        hadError = true;
        if (source?.readyState === EventSource.CLOSED && !disposed) {
          source.close();
          retryTimer = setTimeout(connect, RETRY_DELAY_MS);
        }
      });
    };

    // Opened once the first screen has painted: nothing on it waits for a change.
    const cancelConnect = afterNextPaint(connect);
    return () => {
      disposed = true;
      cancelConnect();
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient]);
}
