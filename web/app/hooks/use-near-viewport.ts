import { useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport an element counts as near: a few rows of thumbnails ahead. */
const MARGIN = '600px 0px';

const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;

/** One observer for every thumbnail of the page, rather than one each. */
function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        waiting.get(entry.target)?.();
        waiting.delete(entry.target);
        observer!.unobserve(entry.target);
      }
    },
    { rootMargin: MARGIN },
  );
  return observer;
}

/** True once the element has come near the viewport, and from then on. */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    waiting.set(el, () => setNear(true));
    sharedObserver().observe(el);
    return () => {
      waiting.delete(el);
      observer?.unobserve(el);
    };
  }, [ref, near]);
  return near;
}
