import { describe, expect, it } from 'vitest';
import { mobileError } from './mobileInput';

describe('mobileError', () => {
  it.each(['+352621123456', '+352 621 123 456', '00352 621-123-456', '(0)621.123.456'])(
    'accepts %s',
    (value) => expect(mobileError(value)).toBeUndefined(),
  );

  it.each(['12', '+352', '+352 62', 'six cent', '+352621123456789012', '+35262112345a'])(
    'refuses %s with the key the server uses for a mobile',
    (value) => expect(mobileError(value)).toBe('validation.mobile'),
  );

  it('leaves an empty field to the required rule', () => {
    expect(mobileError('')).toBeUndefined();
    expect(mobileError(undefined)).toBeUndefined();
  });
});
