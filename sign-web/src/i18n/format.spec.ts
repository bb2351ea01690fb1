import { describe, expect, it } from 'vitest';
import { formatDateTime, interpolate } from './format';

describe('interpolate', () => {
  it('fills named placeholders, as often as they appear', () => {
    expect(interpolate('Page {page} sur {total}', { page: 2, total: 4 })).toBe('Page 2 sur 4');
    expect(interpolate('{a}{a}', { a: 'x' })).toBe('xx');
  });

  it('leaves unknown placeholders visible', () => {
    expect(interpolate('Bonjour {name}', {})).toBe('Bonjour {name}');
  });

  it('does not interpret the values', () => {
    expect(interpolate('{title}', { title: '<b>{total}</b>' })).toBe('<b>{total}</b>');
  });
});

describe('formatDateTime', () => {
  it('says a deadline in Luxembourg time, in the page’s language', () => {
    // 22:30 UTC on 31 March 2026 is 00:30 on 1 April in Luxembourg (summer time).
    expect(formatDateTime('2026-03-31T22:30:00.000Z', 'fr')).toMatch(/^1 avril 2026.*00:30$/);
    expect(formatDateTime('2026-03-31T22:30:00.000Z', 'de')).toMatch(/^1\. April 2026.*00:30$/);
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});
