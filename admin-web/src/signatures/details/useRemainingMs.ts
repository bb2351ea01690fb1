import { reminderRetryAfterMs } from '@esign/shared';
import { useEffect, useState } from 'react';

/** Milliseconds left until `target` (ISO time), ticking every second while there is a wait. */
export function useRemainingMs(target: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  const waiting = reminderRetryAfterMs(target) > 0;

  useEffect(() => {
    setNow(Date.now());
    if (!waiting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [target, waiting]);

  return reminderRetryAfterMs(target, now);
}
