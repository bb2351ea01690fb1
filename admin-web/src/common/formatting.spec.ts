import { completionRate, completionRateColour } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import {
  currentBillingMonth,
  eurosToCents,
  formatEuros,
  formatMonth,
  formatPercent,
  todayInLuxembourg,
} from './formatting';

// Intl separates amounts from units with a no-break space; named so that a plain space fails.
const NBSP = '\u00a0';

describe('completion rate', () => {
  it.each([
    [0, 'red'],
    [33, 'red'],
    [34, 'orange'],
    [66, 'orange'],
    [67, 'green'],
    [100, 'green'],
  ])('at %i %% is %s', (rate, colour) => {
    expect(completionRateColour(rate)).toBe(colour);
  });

  it('is signed over signed, in progress and cancelled, rounded, and 0 when there is nothing', () => {
    expect(completionRate({ SIGNED: 0, IN_PROGRESS: 0, CANCEL: 0 })).toBe(0);
    expect(completionRate({ SIGNED: 2, IN_PROGRESS: 1, CANCEL: 0 })).toBe(67);
    expect(completionRate({ SIGNED: 1, IN_PROGRESS: 1, CANCEL: 1 })).toBe(33);
  });
});

describe('formatting for the interface language', () => {
  it('writes euros the Luxembourg way in French, German and Luxembourgish, the British way in English', () => {
    expect(formatEuros(1234.5, 'fr')).toBe(`1.234,50${NBSP}€`);
    expect(formatEuros(1234.5, 'de')).toBe(`1.234,50${NBSP}€`);
    expect(formatEuros(1234.5, 'lu')).toBe(`1.234,50${NBSP}€`);
    expect(formatEuros(1234.5, 'en')).toBe('€1,234.50');
    expect(formatEuros(0, 'fr')).toBe(`0,00${NBSP}€`);
  });

  it('writes percentages with the space each language uses', () => {
    expect(formatPercent(67, 'fr')).toBe(`67${NBSP}%`);
    expect(formatPercent(67, 'de')).toBe(`67${NBSP}%`);
    expect(formatPercent(67, 'en')).toBe('67%');
  });

  it('names a billing month in the language', () => {
    expect(formatMonth('2026-03', 'fr')).toBe('mars 2026');
    expect(formatMonth('2026-03', 'de')).toBe('März 2026');
    expect(formatMonth('2026-03', 'lu')).toBe('Mäerz 2026');
    expect(formatMonth('2026-03', 'en')).toBe('March 2026');
  });

  it('takes the month and the day in Luxembourg time: 23:30 UTC on 31 January is February there', () => {
    const lateEvening = new Date('2026-01-31T23:30:00Z');
    expect(currentBillingMonth(lateEvening)).toBe('2026-02');
    expect(todayInLuxembourg(lateEvening)).toBe('2026-02-01');
  });

  it('reads prices typed with a comma or a point, and refuses anything else', () => {
    expect([eurosToCents('1,50'), eurosToCents('0.12'), eurosToCents(' 25 ')]).toEqual([150, 12, 2500]);
    expect([eurosToCents('1,505'), eurosToCents('-1'), eurosToCents('abc'), eurosToCents('')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
