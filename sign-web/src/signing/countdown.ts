import { OTP_RESEND_MS } from '@esign/shared';

/** Milliseconds left until a deadline (epoch ms), never negative; none without a deadline. */
export function remainingMs(deadline: number | null, now: number): number {
  return deadline === null ? 0 : Math.max(0, deadline - now);
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** A wait as the Resend button shows it: mm:ss, or h:mm:ss from one hour up; seconds round up. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0
    ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}`
    : `${twoDigits(minutes)}:${twoDigits(seconds)}`;
}

/**
 * When a new code may be asked for, from the server's ISO time. The server's clock may differ from ours:
 * the wait after a send is capped at the resend delay, and a later refusal brings its own `retryAfter`.
 */
export function resendDeadline(nextOtpAllowedAt: string | null, now: number): number | null {
  if (nextOtpAllowedAt === null) return null;
  const at = Date.parse(nextOtpAllowedAt);
  if (Number.isNaN(at) || at <= now) return null;
  return Math.min(at, now + OTP_RESEND_MS);
}

/** The deadline a refusal's `retryAfter` (ms) gives; a refusal without one waits the resend delay. */
export function deadlineAfter(retryAfter: number | null, now: number): number {
  return now + (retryAfter ?? OTP_RESEND_MS);
}
