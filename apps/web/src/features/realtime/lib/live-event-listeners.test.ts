import { describe, expect, it, vi } from 'vitest';
import { emitLiveEvent, readLiveEvent, subscribeLiveEvents } from './live-event-listeners';

describe('live event listeners', () => {
  it('reads the data line the server sends', () => {
    expect(readLiveEvent('cccam_servers', '{"action":"update","id":"7"}')).toEqual({
      table: 'cccam_servers',
      action: 'update',
      id: '7',
    });
    expect(readLiveEvent('cccam_servers', 'not json')).toBeNull();
    expect(readLiveEvent('cccam_servers', '{"action":"boom","id":"7"}')).toBeNull();
    expect(readLiveEvent('cccam_servers', undefined)).toBeNull();
  });

  it('delivers events until the listener unsubscribes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLiveEvents(listener);
    emitLiveEvent({ table: 'users', action: 'insert', id: '1' });
    unsubscribe();
    emitLiveEvent({ table: 'users', action: 'delete', id: '1' });
    expect(listener).toHaveBeenCalledOnce();
  });
});
