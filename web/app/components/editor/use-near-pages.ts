import { useEffect, useState, type RefObject } from 'react';

/**
 * True while a page is within a screen's height of the pages' scrolling box, false again once it
 * leaves: a 300-page file keeps only the few canvases around the view alive, not one per page seen.
 */
export function useNearPages(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setNear(entry.isIntersecting), {
      root: el.closest('.editor__pages'),
      rootMargin: '100% 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}
