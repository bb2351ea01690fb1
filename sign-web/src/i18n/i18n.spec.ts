import { LOCALES, flattenMessages as flatten } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { catalogs } from './index';

describe('sign-web translations', () => {
  const referenceKeys = [...flatten(catalogs.fr).keys()].sort();

  it.each(LOCALES)('%s has exactly the keys of fr', (locale) => {
    expect([...flatten(catalogs[locale]).keys()].sort()).toEqual(referenceKeys);
  });

  it.each(LOCALES)('%s has no empty or non-text message', (locale) => {
    const bad = [...flatten(catalogs[locale])].filter(
      ([, value]) => typeof value !== 'string' || value.trim().length === 0,
    );
    expect(bad).toEqual([]);
  });

  it.each(LOCALES)('%s uses the same {placeholders} as fr in every message', (locale) => {
    const placeholders = (value: unknown) =>
      [...String(value).matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const french = flatten(catalogs.fr);
    const different = [...flatten(catalogs[locale])].filter(
      ([key, value]) => placeholders(value).join() !== placeholders(french.get(key)).join(),
    );
    expect(different).toEqual([]);
  });
});
