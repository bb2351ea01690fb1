import { dateTimeFormat, pageLanguage } from './locale-format';

const WEDNESDAY = new Date(Date.UTC(2026, 10, 25, 12));
const withoutLb = (tag: string) => tag !== 'lb';

describe('pageLanguage', () => {
  it('is lb for Luxembourgish whatever the runtime knows', () => {
    expect(pageLanguage('lu')).toBe('lb');
    expect(pageLanguage('fr')).toBe('fr-LU');
  });
});

describe('dateTimeFormat', () => {
  it('names weekdays and months in Luxembourgish where the runtime lacks lb', () => {
    const full = dateTimeFormat('lu', { dateStyle: 'full', timeZone: 'UTC' }, withoutLb);
    expect(full.format(WEDNESDAY)).toBe('Mëttwoch, 25. November 2026');
    const march = dateTimeFormat('lu', { month: 'long', year: 'numeric', timeZone: 'UTC' }, withoutLb);
    expect(march.format(new Date(Date.UTC(2026, 2, 15)))).toBe('Mäerz 2026');
    const short = dateTimeFormat(
      'lu',
      { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' },
      withoutLb,
    );
    expect(short.format(new Date(Date.UTC(2026, 4, 6)))).toMatch(/^Mët\., 6\. Mee$/);
  });

  it('leaves the other languages to Intl', () => {
    expect(dateTimeFormat('fr', { dateStyle: 'full', timeZone: 'UTC' }).format(WEDNESDAY)).toBe(
      'mercredi 25 novembre 2026',
    );
  });

  it('makes one formatter per language and options, and keeps them apart', () => {
    const options = { dateStyle: 'long', timeZone: 'Europe/Luxembourg' } as const;
    const first = dateTimeFormat('fr', options);
    expect(dateTimeFormat('fr', { ...options })).toBe(first);
    expect(dateTimeFormat('de', options)).not.toBe(first);
    const utc = dateTimeFormat('fr', { ...options, timeZone: 'UTC' });
    expect(utc).not.toBe(first);
    const lateEvening = new Date(Date.UTC(2026, 10, 25, 23, 30));
    expect(first.format(lateEvening)).toBe('26 novembre 2026');
    expect(utc.format(lateEvening)).toBe('25 novembre 2026');
  });
});
