import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  earlyDocumentOutcome,
  resetEarlyLoads,
  signingDocumentPath,
  startEarlyLoads,
  takeEarlyDocument,
  takeEarlySigningRequest,
} from './earlyLoads';

const at = (path: string): Location => new URL(`https://esign.example${path}`) as unknown as Location;

describe('early loads', () => {
  afterEach(() => {
    resetEarlyLoads();
    vi.unstubAllGlobals();
  });

  it('starts the signing data and the document for a signing link, each taken once', () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return new Promise(() => {});
    });
    expect(startEarlyLoads(at('/sign/req-1?key=k%2By'), '/sign/')).toBe(true);
    // Started once per page.
    expect(startEarlyLoads(at('/sign/req-1?key=k%2By'), '/sign/')).toBe(false);
    const path = signingDocumentPath('req-1', 'k+y');
    expect(path).toBe('/api/signatures/req-1/document?key=k%2By');
    expect(fetched).toEqual(['/api/signatures/req-1?key=k%2By', path]);

    expect(takeEarlySigningRequest({ signatureId: 'req-2', key: 'k+y' })).toBeNull();
    expect(takeEarlySigningRequest({ signatureId: 'req-1', key: 'k+y' })).toBeInstanceOf(Promise);
    expect(takeEarlySigningRequest({ signatureId: 'req-1', key: 'k+y' })).toBeNull();
    // Another address (a sealed document's, say) is fetched by the viewer itself.
    expect(takeEarlyDocument('/api/signatures/req-1/document?key=other')).toBeNull();
    const taken = takeEarlyDocument(path);
    expect(taken).toBeInstanceOf(Promise);
    expect(takeEarlyDocument(path)).toBeNull();
    // The viewer's own early parse still finds the same fetch once the page has taken it.
    expect(earlyDocumentOutcome()).toBe(taken);
  });

  it.each(['/sign/verify', '/sign/terms', '/sign/req-1', '/sign/?key=abc'])(
    'loads nothing for %s',
    (path) => {
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      expect(startEarlyLoads(at(path), '/sign/')).toBe(false);
      expect(fetch).not.toHaveBeenCalled();
      expect(earlyDocumentOutcome()).toBeNull();
    },
  );
});
