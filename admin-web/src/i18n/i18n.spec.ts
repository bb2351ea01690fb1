import { LOCALES, flattenMessages as flatten } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs';

describe('admin-web translations', () => {
  const reference = flatten(catalogs.fr);

  it.each(LOCALES)('%s has exactly the keys of fr', (locale) => {
    const keys = [...flatten(catalogs[locale]).keys()].sort();
    expect(keys).toEqual([...reference.keys()].sort());
  });

  it.each(LOCALES)('%s has no empty or non-text message', (locale) => {
    const bad = [...flatten(catalogs[locale])].filter(
      ([, value]) => typeof value !== 'string' || value.length === 0,
    );
    expect(bad).toEqual([]);
  });

  // react-admin's own packs legitimately differ (English spells out "1 item"), so only our messages are compared.
  it.each(LOCALES)('%s keeps the same %{placeholders} as fr in the application messages', (locale) => {
    const placeholders = (value: unknown) => [...new Set(String(value).match(/%\{\w+\}/g))].sort().join();
    const messages = flatten(catalogs[locale]);
    const mismatched = [...reference].filter(
      ([key, value]) => !key.startsWith('ra.') && placeholders(value) !== placeholders(messages.get(key)),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});
