/** A wait as people read it on a button: "04:59", or "1:02:03" past an hour. Seconds are rounded up. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** When the next reminder may go, from a refusal's `retryAfter` (milliseconds). */
export function availabilityAfter(retryAfterMs: number, now = Date.now()): string {
  return new Date(now + retryAfterMs).toISOString();
}
