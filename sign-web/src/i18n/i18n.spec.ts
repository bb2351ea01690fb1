import { LOCALES, flattenMessages as flatten } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';
import { loadCatalog, loadedCatalog } from './index';
import { lu } from './lu';

const catalogs = { fr, en, de, lu };

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

  it('comes with French and loads each other language once, on demand', async () => {
    expect(loadedCatalog('fr')).toBe(fr);
    expect(loadedCatalog('lu')).toBeUndefined();
    const [first, second] = await Promise.all([loadCatalog('lu'), loadCatalog('lu')]);
    expect(first).toEqual(lu);
    expect(second).toBe(first);
    expect(loadedCatalog('lu')).toBe(first);
  });
});
