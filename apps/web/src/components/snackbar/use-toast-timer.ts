import { useCallback, useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';

/** How long a toast shows, and how long it stays once nothing holds it any more (MUI's: half). */
const TOAST_SHOWN_MS = 5000;
const TOAST_RESUMED_MS = 2500;

type Hold = 'pointer' | 'focus' | 'window';

/**
 * The toast's own time to go, instead of MUI's. MUI holds a toast while the mouse is over it, but a
 * phone fires the mouse's events for a tap too and sends the mouse away only at the next tap
 * elsewhere: a toast tapped to read it stayed up over the foot of the screen. Here a mouse or pen
 * resting on it holds it, and so do the keyboard's focus inside it (its close button) and the
 * window being in the background; a finger does not. Once nothing holds it, it goes after
 * TOAST_RESUMED_MS.
 */
export function useToastTimer(open: boolean, onTimeout: () => void) {
  const [holds, setHolds] = useState<ReadonlySet<Hold>>(() => new Set());
  const [wasHeld, setWasHeld] = useState(false);
  const timeout = useRef(onTimeout);
  useEffect(() => {
    timeout.current = onTimeout;
  });
  const held = holds.size > 0;

  useEffect(() => {
    if (!open || held) return;
    const timer = setTimeout(() => timeout.current(), wasHeld ? TOAST_RESUMED_MS : TOAST_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [open, held, wasHeld]);

  const hold = useCallback((reason: Hold, on: boolean) => {
    if (on) setWasHeld(true);
    setHolds((current) => {
      if (current.has(reason) === on) return current;
      const next = new Set(current);
      if (on) next.add(reason);
      else next.delete(reason);
      return next;
    });
  }, []);

  useEffect(() => {
    if (!open) return;
    const away = () => hold('window', true);
    const back = () => hold('window', false);
    window.addEventListener('blur', away);
    window.addEventListener('focus', back);
    return () => {
      window.removeEventListener('blur', away);
      window.removeEventListener('focus', back);
    };
  }, [open, hold]);

  /** For the toast's element. */
  return {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType !== 'touch') hold('pointer', true);
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType !== 'touch') hold('pointer', false);
    },
    onFocus: () => hold('focus', true),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) hold('focus', false);
    },
  };
}
