/**
 * Runs `callback` once the browser has painted and shown the next frame, and returns a function
 * that cancels it. For work a first screen does not show, such as opening the event stream or
 * asking for a card's figures below the fold: started in the same task as the render, their
 * requests went out before the screen was shown, and a phone's first paint is measured (and felt)
 * with everything already under way. A frame's animation callbacks run before its paint, so the
 * second frame's callbacks come after the first frame is on screen.
 */
export function afterNextPaint(callback: () => void): () => void {
  if (typeof requestAnimationFrame === 'undefined') {
    const timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      frame = 0;
      callback();
    });
  });
  return () => cancelAnimationFrame(frame);
}
