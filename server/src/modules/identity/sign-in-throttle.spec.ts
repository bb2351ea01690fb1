import { FREE_FAILURES, attemptAddress, lockMinutes } from './sign-in-throttle';

describe('attemptAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(attemptAddress('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv4 address written as IPv6 as that IPv4 address', () => {
    expect(attemptAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives every address of an IPv6 /64 one key, however it is written', () => {
    const key = '2001:db8:0:a::/64';
    expect(attemptAddress('2001:db8:0:a::1')).toBe(key);
    expect(attemptAddress('2001:0DB8:0000:000A:ffff:ffff:ffff:ffff')).toBe(key);
    expect(attemptAddress('2001:db8::a:0:0:0:9')).toBe(key);
    expect(attemptAddress('2001:db8:0:b::1')).not.toBe(key);
  });

  it('puts a missing or unreadable address under one key', () => {
    expect(attemptAddress(undefined)).toBe('unknown');
    expect(attemptAddress('')).toBe('unknown');
    expect(attemptAddress('not an address')).toBe('unknown');
  });
});

describe('lockMinutes', () => {
  it('locks from one address from the fifth failure, doubling up to an hour', () => {
    expect(FREE_FAILURES).toBe(4);
    expect([1, 4, 5, 6, 7, 10, 11, 30].map((failures) => lockMinutes(failures))).toEqual([
      0, 0, 1, 2, 4, 32, 60, 60,
    ]);
  });
});
