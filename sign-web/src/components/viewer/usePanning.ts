import { type PointerEvent, type RefObject, useRef } from 'react';

/** Hand tool: dragging the pages scrolls the area, as a reader would push paper. */
export function usePanning(ref: RefObject<HTMLElement | null>, enabled: boolean) {
  const origin = useRef<{ x: number; y: number; left: number; top: number; pointer: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      const element = ref.current;
      if (!enabled || !element || event.button !== 0) return;
      origin.current = {
        x: event.clientX,
        y: event.clientY,
        left: element.scrollLeft,
        top: element.scrollTop,
        pointer: event.pointerId,
      };
      element.setPointerCapture(event.pointerId);
      element.classList.add('viewer__scroll--grabbing');
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const element = ref.current;
      const start = origin.current;
      if (!element || !start || start.pointer !== event.pointerId) return;
      element.scrollLeft = start.left - (event.clientX - start.x);
      element.scrollTop = start.top - (event.clientY - start.y);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const element = ref.current;
      if (!element || origin.current?.pointer !== event.pointerId) return;
      origin.current = null;
      element.releasePointerCapture(event.pointerId);
      element.classList.remove('viewer__scroll--grabbing');
    },
  };
}
