import { useEffect, useState } from 'react';

/** The current time, ticking every second until the deadline passes (a countdown's clock). */
export function useNow(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || until <= Date.now()) {
      setNow(Date.now());
      return;
    }
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) window.clearInterval(timer);
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [until]);
  return now;
}
