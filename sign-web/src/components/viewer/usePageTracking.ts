import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** How long after a jump the reader's "current page" is left alone, so the jump is not undone. */
const SETTLE_MS = 400;

/** The page showing the most of itself in the scroll area (the first one on a tie), or 0. */
function mostVisiblePage(root: HTMLElement, slots: ReadonlyMap<number, HTMLElement>): number {
  const area = root.getBoundingClientRect();
  let best = 0;
  let bestArea = 0;
  for (const [page, element] of slots) {
    const box = element.getBoundingClientRect();
    const width = Math.min(box.right, area.right) - Math.max(box.left, area.left);
    const height = Math.min(box.bottom, area.bottom) - Math.max(box.top, area.top);
    const visible = width > 0 && height > 0 ? width * height : 0;
    if (visible > bestArea || (visible === bestArea && visible > 0 && page < best)) {
      best = page;
      bestArea = visible;
    }
  }
  return best;
}

/**
 * Watches the page slots in the scroll area: which ones are near enough to draw (pages far away are
 * not rendered) and which one the reader is on (the one showing the most).
 */
export function usePageTracking(
  scrollRef: RefObject<HTMLElement | null>,
  onPageSeen: (page: number) => void,
) {
  const slots = useRef(new Map<number, HTMLElement>());
  const settleUntil = useRef(0);
  const seen = useRef(onPageSeen);
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1]));
  const observers = useRef<{ near: IntersectionObserver; visible: IntersectionObserver } | null>(null);

  useEffect(() => {
    seen.current = onPageSeen;
  }, [onPageSeen]);

  useEffect(() => {
    const root = scrollRef.current;
    if (!root) return;
    const pageOf = (entry: IntersectionObserverEntry) =>
      Number((entry.target as HTMLElement).dataset.pageNumber);
    const nearObserver = new IntersectionObserver(
      (entries) =>
        setNear((previous) => {
          const next = new Set(previous);
          for (const entry of entries) {
            if (entry.isIntersecting) next.add(pageOf(entry));
            else next.delete(pageOf(entry));
          }
          return next;
        }),
      { root, rootMargin: '150% 150%' },
    );
    // The observer only says when something changed; the areas are measured afresh each time.
    const visibleObserver = new IntersectionObserver(
      () => {
        if (performance.now() < settleUntil.current) return;
        const page = mostVisiblePage(root, slots.current);
        if (page > 0) seen.current(page);
      },
      { root, threshold: Array.from({ length: 11 }, (_, index) => index / 10) },
    );
    observers.current = { near: nearObserver, visible: visibleObserver };
    for (const element of slots.current.values()) {
      nearObserver.observe(element);
      visibleObserver.observe(element);
    }
    return () => {
      nearObserver.disconnect();
      visibleObserver.disconnect();
      observers.current = null;
    };
  }, [scrollRef]);

  const register = useCallback((page: number, element: HTMLElement | null) => {
    const previous = slots.current.get(page);
    if (previous && previous !== element) {
      observers.current?.near.unobserve(previous);
      observers.current?.visible.unobserve(previous);
      slots.current.delete(page);
    }
    if (element && previous !== element) {
      slots.current.set(page, element);
      observers.current?.near.observe(element);
      observers.current?.visible.observe(element);
    }
  }, []);

  /** Brings a page to the top-left of the scroll area, without moving the window around it. */
  const scrollToPage = useCallback(
    (page: number) => {
      const root = scrollRef.current;
      const element = slots.current.get(page);
      if (!root || !element) return;
      settleUntil.current = performance.now() + SETTLE_MS;
      const rootBox = root.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      root.scrollTop += box.top - rootBox.top - 8;
      root.scrollLeft += box.left - rootBox.left - 8;
    },
    [scrollRef],
  );

  return { near, register, scrollToPage, slots };
}
