import { describe, expect, it } from 'vitest';
import { parseRoute, parseSigningLink } from './signingLink';

const BASE = '/sign/';

describe('parseSigningLink', () => {
  it('reads the signature id from the path and the key from the query', () => {
    const link = parseSigningLink(
      { pathname: '/sign/3f1c2b7e-9a4d-4c1e-8f00-123456789abc', search: '?key=s3cr3t-K3y' },
      BASE,
    );
    expect(link).toEqual({ signatureId: '3f1c2b7e-9a4d-4c1e-8f00-123456789abc', key: 's3cr3t-K3y' });
  });

  it('has no key when the query lacks one or leaves it empty', () => {
    expect(parseSigningLink({ pathname: '/sign/abc', search: '' }, BASE).key).toBeNull();
    expect(parseSigningLink({ pathname: '/sign/abc', search: '?key=' }, BASE).key).toBeNull();
  });

  it('has no signature id at the root of the app or outside it', () => {
    expect(parseSigningLink({ pathname: '/sign/', search: '?key=k' }, BASE).signatureId).toBeNull();
    expect(parseSigningLink({ pathname: '/other/abc', search: '?key=k' }, BASE).signatureId).toBeNull();
  });

  it('refuses identifiers that could change the API path', () => {
    for (const pathname of ['/sign/..%2Fusers', '/sign/a%3Fkey=x', '/sign/%E0%A4%A']) {
      expect(parseSigningLink({ pathname, search: '?key=k' }, BASE).signatureId).toBeNull();
    }
  });
});

describe('parseRoute', () => {
  it('knows the verification page and the terms, and sends everything else to signing', () => {
    expect(parseRoute('/sign/verify', BASE)).toBe('verify');
    expect(parseRoute('/sign/verify/', BASE)).toBe('verify');
    expect(parseRoute('/sign/terms', BASE)).toBe('terms');
    expect(parseRoute('/sign/3f1c2b7e-9a4d-4c1e-8f00-123456789abc', BASE)).toBe('sign');
    expect(parseRoute('/sign/', BASE)).toBe('sign');
  });
});
