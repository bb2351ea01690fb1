import { describe, expect, it } from 'vitest';
import { providerAddress, readQualifiedReturn, rememberLinkForProvider } from './qualifiedReturn';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const storage = () => new MemoryStorage() as unknown as Storage;
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('the return from the qualified provider', () => {
  it('puts back the key this tab kept, once, and keeps the outcome out of the address', () => {
    const store = storage();
    rememberLinkForProvider(store, ID, 'secret-key_123456789012');
    const back = readQualifiedReturn(
      { pathname: `/sign/${ID}`, search: '?qualified=signed' },
      '/sign/',
      store,
    );
    expect(back).toEqual({ outcome: 'signed', restored: `/sign/${ID}?key=secret-key_123456789012` });
    // Used once: a reload of the return address has no key to put back.
    expect(
      readQualifiedReturn({ pathname: `/sign/${ID}`, search: '?qualified=signed' }, '/sign/', store)
        ?.restored,
    ).toBeNull();
  });

  it('says the outcome without a key when another tab or device comes back', () => {
    expect(
      readQualifiedReturn({ pathname: `/sign/${ID}`, search: '?qualified=cancelled' }, '/sign/', storage()),
    ).toEqual({ outcome: 'cancelled', restored: null });
    expect(
      readQualifiedReturn({ pathname: '/sign/', search: '?qualified=invalid_state' }, '/sign/', storage()),
    ).toEqual({ outcome: 'invalid_state', restored: null });
  });

  it('ignores an address without an outcome, or with one it does not know', () => {
    expect(
      readQualifiedReturn({ pathname: `/sign/${ID}`, search: '?key=abc' }, '/sign/', storage()),
    ).toBeNull();
    expect(
      readQualifiedReturn({ pathname: `/sign/${ID}`, search: '?qualified=<script>' }, '/sign/', storage()),
    ).toBeNull();
  });

  it('follows only http(s) addresses to the provider', () => {
    expect(providerAddress('https://tsp.example.lu/oauth2/authorize?x=1')).toBe(
      'https://tsp.example.lu/oauth2/authorize?x=1',
    );
    expect(providerAddress('javascript:alert(1)')).toBeNull();
    expect(providerAddress('not a url')).toBeNull();
  });
});
