import { randomBytes } from 'node:crypto';
import { OTP_ALPHABET, normalizeOtpInput, isCompleteOtp } from '@esign/shared';
import { generateOneTimeCode, oneTimeCodeMac, oneTimeCodeMatches, type CodeBinding } from './one-time-codes';

const binding: CodeBinding = {
  requestId: '11111111-1111-4111-8111-111111111111',
  signatoryId: '22222222-2222-4222-8222-222222222222',
  phone: '+352621123456',
  documentSha256: 'a'.repeat(64),
};

describe('one-time codes', () => {
  it('are 8 characters of the Crockford alphabet, varied', () => {
    const codes = Array.from({ length: 2000 }, generateOneTimeCode);
    for (const code of codes) expect(isCompleteOtp(code)).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    const used = new Set(codes.join(''));
    expect([...used].every((char) => OTP_ALPHABET.includes(char))).toBe(true);
    expect(used.size).toBe(OTP_ALPHABET.length);
    expect(codes.join('')).not.toMatch(/[ILOU]/);
  });

  it('match only with the same code and the same binding', () => {
    const secret = randomBytes(32);
    const code = generateOneTimeCode();
    const stored = oneTimeCodeMac(secret, code, binding);
    expect(oneTimeCodeMatches(secret, code, binding, stored)).toBe(true);
    expect(oneTimeCodeMatches(secret, generateOneTimeCode(), binding, stored)).toBe(false);
    for (const change of [
      { requestId: '33333333-3333-4333-8333-333333333333' },
      { signatoryId: '44444444-4444-4444-8444-444444444444' },
      { phone: '+352621999999' },
      { documentSha256: 'b'.repeat(64) },
    ]) {
      expect(oneTimeCodeMatches(secret, code, { ...binding, ...change }, stored)).toBe(false);
    }
    expect(oneTimeCodeMatches(randomBytes(32), code, binding, stored)).toBe(false);
  });

  it('reads typed input the forgiving way: upper case, look-alikes mapped, at most 8', () => {
    expect(normalizeOtpInput('ab-cd ef gh')).toBe('ABCDEFGH');
    expect(normalizeOtpInput('o1il')).toBe('0111');
    expect(normalizeOtpInput('0123456789')).toBe('01234567');
    expect(isCompleteOtp('ABCDEFG')).toBe(false);
  });
});
