import { useLiveEvents } from '../hooks/use-live-events';

/** Mount once inside the signed-in layout. */
export function LiveEvents() {
  useLiveEvents();
  return null;
}
