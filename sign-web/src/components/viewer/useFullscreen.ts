import { type RefObject, useCallback, useEffect, useState } from 'react';

/** The Fullscreen API on one element; unsupported browsers (iPhone Safari) get no button. */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled;
  useEffect(() => {
    const update = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [ref]);
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await ref.current?.requestFullscreen();
    } catch {
      // Refused (no user gesture, a policy): the viewer simply stays as it is.
    }
  }, [ref]);
  return { supported, active, toggle };
}
