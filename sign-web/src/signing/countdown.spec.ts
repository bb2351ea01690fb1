import { OTP_RESEND_MS } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { deadlineAfter, formatCountdown, remainingMs, resendDeadline } from './countdown';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');

describe('formatCountdown', () => {
  it('shows minutes and seconds with two digits each', () => {
    expect(formatCountdown(120_000)).toBe('02:00');
    expect(formatCountdown(65_000)).toBe('01:05');
    expect(formatCountdown(9_000)).toBe('00:09');
  });

  it('rounds a started second up, so the button never shows 00:00 while still disabled', () => {
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(119_001)).toBe('02:00');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });

  it('adds hours for long waits such as the daily limit', () => {
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
    expect(formatCountdown(5 * 3_600_000 + 61_000)).toBe('5:01:01');
  });
});

describe('remainingMs', () => {
  it('counts down to the deadline and stops at zero', () => {
    expect(remainingMs(NOW + 30_000, NOW)).toBe(30_000);
    expect(remainingMs(NOW - 1, NOW)).toBe(0);
    expect(remainingMs(null, NOW)).toBe(0);
  });
});

describe('resendDeadline', () => {
  it('takes the time the server gives', () => {
    expect(resendDeadline(new Date(NOW + 90_000).toISOString(), NOW)).toBe(NOW + 90_000);
  });

  it('has no deadline when the time is past, missing or unreadable', () => {
    expect(resendDeadline(new Date(NOW - 1_000).toISOString(), NOW)).toBeNull();
    expect(resendDeadline(null, NOW)).toBeNull();
    expect(resendDeadline('soon', NOW)).toBeNull();
  });

  it('never waits longer than the resend delay when our clock is behind the server', () => {
    expect(resendDeadline(new Date(NOW + 10 * 60_000).toISOString(), NOW)).toBe(NOW + OTP_RESEND_MS);
  });
});

describe('deadlineAfter', () => {
  it('waits retryAfter milliseconds, or the resend delay without one', () => {
    expect(deadlineAfter(45_000, NOW)).toBe(NOW + 45_000);
    expect(deadlineAfter(6 * 3_600_000, NOW)).toBe(NOW + 6 * 3_600_000);
    expect(deadlineAfter(null, NOW)).toBe(NOW + OTP_RESEND_MS);
  });
});
