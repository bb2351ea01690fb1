import { LOCALES } from '@esign/shared';
import { formatDisplayTime, signatureBlockLines, signatureBlockTexts, utcOffset } from './signing-texts';

const WINTER = new Date('2026-01-31T09:05:07Z');
const SUMMER = new Date('2026-07-31T22:30:00Z');

describe('dates and times shown in signature blocks and on the audit page', () => {
  it('are Luxembourg time, in each language’s own format, with the UTC offset', () => {
    expect(formatDisplayTime(WINTER, 'fr')).toBe('31/01/2026 10:05 (UTC+1)');
    expect(formatDisplayTime(WINTER, 'en')).toBe('31/01/2026, 10:05 (UTC+1)');
    expect(formatDisplayTime(WINTER, 'de')).toBe('31.01.2026, 10:05 (UTC+1)');
    expect(formatDisplayTime(WINTER, 'lu')).toBe('31.01.2026 10:05 (UTC+1)');
  });

  it('follow summer time, across midnight', () => {
    expect(formatDisplayTime(SUMMER, 'fr')).toBe('01/08/2026 00:30 (UTC+2)');
    expect(utcOffset(SUMMER)).toBe('UTC+2');
    expect(utcOffset(WINTER)).toBe('UTC+1');
  });

  it('carry seconds on the audit page, and accept ISO strings', () => {
    expect(formatDisplayTime(WINTER.toISOString(), 'de', { seconds: true })).toBe(
      '31.01.2026, 10:05:07 (UTC+1)',
    );
    expect(formatDisplayTime('not a date', 'fr')).toBe('');
  });
});

describe('signature block lines', () => {
  it('say who, that it was signed electronically, when and where, in the request’s language', () => {
    const signatory = { name: 'Ayşe Yılmaz', signedAt: WINTER, location: 'Esch-sur-Alzette' };
    expect(signatureBlockLines(signatory, 'fr')).toEqual([
      'Ayşe Yılmaz',
      'Signé électroniquement',
      '31/01/2026 10:05 (UTC+1)',
      'Esch-sur-Alzette',
    ]);
    expect(signatureBlockLines(signatory, 'lu')[1]).toBe('Elektronesch ënnerschriwwen');
    expect(signatureBlockLines(signatory, 'de')[1]).toBe('Elektronisch unterschrieben');
    expect(signatureBlockLines(signatory, 'en')[1]).toBe('Signed electronically');
  });

  it('have every text in every language', () => {
    for (const locale of LOCALES) {
      const { signedElectronically, advancedReason, electronicSeal } = signatureBlockTexts(locale);
      for (const text of [signedElectronically, advancedReason, electronicSeal])
        expect(text.trim()).not.toBe('');
    }
  });
});
