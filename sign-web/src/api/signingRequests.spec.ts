import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSigningRequest } from './signingRequests';

function answer(status: number, body: unknown = {}) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchSigningRequest', () => {
  it('calls the signing API with the id and the key, and nothing else', async () => {
    const fetchMock = answer(404);
    await fetchSigningRequest('abc-123', 'k&y=1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/signatures/abc-123?key=k%26y%3D1');
    expect(init.referrerPolicy).toBe('no-referrer');
  });

  it('says there is nothing to sign on 404 and 410', async () => {
    answer(404);
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'nothingToSign' });
    answer(410);
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'nothingToSign' });
  });

  it('reports a failure on server errors, network errors and unexpected bodies', async () => {
    answer(500);
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'failed' });
    answer(200, { unexpected: true });
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'failed' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'failed' });
  });

  it('returns the signing data on 200', async () => {
    const request = {
      signatureId: 'a',
      signatureTitle: 'Compromis',
      documentName: 'compromis.pdf',
      status: 'IN_PROGRESS',
    };
    answer(200, request);
    expect(await fetchSigningRequest('a', 'k')).toEqual({ kind: 'found', request });
  });
});
