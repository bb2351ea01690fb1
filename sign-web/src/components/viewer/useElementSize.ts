import { type RefObject, useEffect, useState } from 'react';
import { type Size } from './zoom';

/** The content size of an element, following its resizes (fit modes follow the scroll area). */
export function useElementSize(ref: RefObject<HTMLElement | null>): Size {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A hidden element measures 0 × 0 (the viewer hidden a moment): the last size
    // stands, rather than a zoom computed for nothing that redraws every page twice.
    const measure = () => {
      if (element.clientWidth === 0 && element.clientHeight === 0) return;
      setSize({ width: element.clientWidth, height: element.clientHeight });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
