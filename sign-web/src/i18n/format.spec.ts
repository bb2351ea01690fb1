import { describe, expect, it } from 'vitest';
import { interpolate } from './format';

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
