import { useEffect, useState, type RefObject } from 'react';

/**
 * True from the first time the element comes within `margin` of the viewport: for content far down a
 * page (the dashboard's charts sit below eight figures on a phone) whose code and drawing can wait
 * until the reader scrolls toward it, instead of competing with what is on screen.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
