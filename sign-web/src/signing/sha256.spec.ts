import { describe, expect, it, vi } from 'vitest';
import { sha256, sha256Hex } from './sha256';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let offset = 0; offset < length; offset += 65_536) {
    crypto.getRandomValues(bytes.subarray(offset, Math.min(length, offset + 65_536)));
  }
  return bytes;
}

const reference = async (bytes: Uint8Array) =>
  hex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes.slice().buffer)));

describe('sha256', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(hex(sha256(new Uint8Array()))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(
      hex(sha256(new TextEncoder().encode('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
    ).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with the platform digest for every length around the block boundaries and a large file', async () => {
    for (const length of [1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 1000, 3_000_000]) {
      const bytes = randomBytes(length);
      expect(hex(sha256(bytes))).toBe(await reference(bytes));
    }
  });

  it('gives the same hex with and without the browser’s digest (a page served over plain HTTP)', async () => {
    const bytes = randomBytes(5000);
    const expected = await reference(bytes);
    expect(await sha256Hex(bytes.slice().buffer)).toBe(expected);
    vi.stubGlobal('crypto', {});
    try {
      expect(await sha256Hex(bytes.slice().buffer)).toBe(expected);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
