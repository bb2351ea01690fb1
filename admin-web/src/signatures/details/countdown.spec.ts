import { describe, expect, it } from 'vitest';
import { availabilityAfter, formatCountdown } from './countdown';

describe('formatCountdown', () => {
  it('shows minutes and seconds with two digits each', () => {
    expect(formatCountdown(4 * 60_000 + 59_000)).toBe('04:59');
    expect(formatCountdown(9_000)).toBe('00:09');
  });

  it('rounds a started second up, so the button never shows 00:00 while still waiting', () => {
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(59_001)).toBe('01:00');
  });

  it('shows hours past sixty minutes', () => {
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });

  it('shows zero for a wait that is over', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });
});

describe('availabilityAfter', () => {
  it('adds the refusal’s retryAfter to now', () => {
    const now = Date.parse('2026-03-01T10:00:00.000Z');
    expect(availabilityAfter(90_000, now)).toBe('2026-03-01T10:01:30.000Z');
  });
});
